import { describe, expect, it } from 'vitest';
import { RemoteBaseUrl, contractInputs, isVerb, VERBS } from './contract.js';

describe('RemoteBaseUrl', () => {
  it.each(['https://api.gridstatus.io/v1', 'http://127.0.0.1:8787/v1', 'http://localhost:9/v1', ' https://x.example/v1 '])(
    'accepts %s',
    (url) => expect(RemoteBaseUrl.safeParse(url).success).toBe(true),
  );
  it.each([
    'http://api.gridstatus.io/v1', // a key must not travel over plain http to a non-local host
    'https://user:pw@api.example/v1',
    'https://api.example/v1?api_key=abc',
    'https://api.example/v1#x',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'not a url',
  ])('rejects %s', (url) => expect(RemoteBaseUrl.safeParse(url).success).toBe(false));
});

describe('contract inputs', () => {
  it('are strict: unknown fields are rejected', () => {
    expect(contractInputs['datasets:get'].safeParse({ datasetId: 'pjm_x', extra: 1 }).success).toBe(false);
    expect(contractInputs['datasets:list'].safeParse({ url: 'https://evil' }).success).toBe(false);
  });
  it('reject dataset ids that could escape a path', () => {
    for (const id of ['../etc', 'a/b', 'A%2F', '']) {
      expect(contractInputs['datasets:get'].safeParse({ datasetId: id }).success).toBe(false);
    }
  });
  it('keys:set only for the remote profile and never empty', () => {
    expect(contractInputs['keys:set'].safeParse({ profile: 'embedded', key: 'abcdefgh12' }).success).toBe(false);
    expect(contractInputs['keys:set'].safeParse({ profile: 'remote', key: '   ' }).success).toBe(false);
    expect(contractInputs['keys:set'].safeParse({ profile: 'remote', key: 'abcdefgh12' }).success).toBe(true);
  });
  it('isVerb agrees with VERBS', () => {
    for (const v of VERBS) expect(isVerb(v)).toBe(true);
    expect(isVerb('toString')).toBe(false);
    expect(isVerb('fs:read')).toBe(false);
  });
});
