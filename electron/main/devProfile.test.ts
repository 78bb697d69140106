import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { devProfileDir } from './devProfile.js';

describe('devProfileDir', () => {
  const dir = join(tmpdir(), 'gs-profile');
  it('takes an absolute --user-data-dir in unpackaged runs only', () => {
    expect(devProfileDir(dir, false)).toBe(dir);
    expect(devProfileDir(dir, true)).toBeUndefined();
  });

  it('ignores a missing or relative one', () => {
    expect(devProfileDir('', false)).toBeUndefined();
    expect(devProfileDir('profile', false)).toBeUndefined();
    expect(devProfileDir('../profile', false)).toBeUndefined();
  });
});
