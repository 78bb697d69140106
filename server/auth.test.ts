import { describe, expect, it } from 'vitest';
import { KeyRing } from './auth.js';

describe('KeyRing', () => {
  const keys = new KeyRing(['alpha', 'beta', 'gamma'], ['gamma', 'delta']);

  it('accepts configured keys and identifies them by digest only', () => {
    const result = keys.check('beta');
    expect(result.status).toBe('valid');
    expect(result.keyId).toMatch(/^[0-9a-f]{64}$/);
    expect(result.keyId).not.toContain('beta');
    expect(keys.check('beta').keyId).toBe(result.keyId);
    expect(keys.check('alpha').keyId).not.toBe(result.keyId);
  });

  it('refuses unknown keys, near misses and revoked keys (revocation wins)', () => {
    expect(keys.check('alph').status).toBe('unknown');
    expect(keys.check('alpha ').status).toBe('unknown');
    expect(keys.check('ALPHA').status).toBe('unknown');
    expect(keys.check('gamma').status).toBe('revoked');
    expect(keys.check('delta').status).toBe('revoked');
  });

  it('never accepts the empty string, even when configured', () => {
    expect(new KeyRing(['']).check('').status).toBe('unknown');
  });
});
