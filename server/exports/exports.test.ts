import { describe, expect, it } from 'vitest';
import { objectKey, parseObjectKey } from './keys.js';
import { parseRange } from './range.js';
import { UrlSigner } from './signing.js';

describe('object keys', () => {
  it('follow {dataset_id}/year=YYYY/month=MM/YYYY-MM-DD.csv.gz and parse back', () => {
    const key = objectKey('pjm_load', '2024-09-03');
    expect(key).toBe('pjm_load/year=2024/month=09/2024-09-03.csv.gz');
    expect(parseObjectKey(key)).toEqual({ datasetId: 'pjm_load', date: '2024-09-03' });
    expect(parseObjectKey('pjm_load/year=2024/month=10/2024-09-03.csv.gz')).toBeUndefined();
    expect(parseObjectKey('../x/year=2024/month=09/2024-09-03.csv.gz')).toBeUndefined();
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-9', { kind: 'partial', start: 0, end: 9 }],
    ['bytes=90-200', { kind: 'partial', start: 90, end: 99 }],
    ['bytes=95-', { kind: 'partial', start: 95, end: 99 }],
    ['bytes=-10', { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-500', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=0-1, 4-5', { kind: 'full' }],
    ['bytes=100-', { kind: 'unsatisfiable' }],
    ['bytes=5-2', { kind: 'unsatisfiable' }],
    ['bytes=x-y', { kind: 'unsatisfiable' }],
    ['items=0-1', { kind: 'unsatisfiable' }],
  ])('%s of 100 bytes', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});

describe('UrlSigner', () => {
  it('accepts its own signature until the expiry second, and nothing else', () => {
    let now = 1_000_000_000;
    const signer = new UrlSigner('0123456789abcdef-secret', () => now);
    const expires = signer.nowSeconds() + 60;
    const signature = signer.sign('b', 'k', expires);
    expect(signer.verify('b', 'k', String(expires), signature)).toBe('valid');
    expect(signer.verify('b', 'other', String(expires), signature)).toBe('invalid');
    expect(signer.verify('b', 'k', String(expires + 1), signature)).toBe('invalid');
    expect(signer.verify('b', 'k', String(expires), 'zz')).toBe('invalid');
    expect(new UrlSigner('another-secret-0123456').verify('b', 'k', String(expires), signature)).toBe('invalid');
    now += 60_000;
    expect(signer.verify('b', 'k', String(expires), signature)).toBe('valid');
    now += 1000;
    expect(signer.verify('b', 'k', String(expires), signature)).toBe('expired');
  });
});
