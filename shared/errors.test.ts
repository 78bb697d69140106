import { describe, expect, it } from 'vitest';
import { retryCause } from './errors.js';

describe('retryCause', () => {
  it('says why a call is retried in a few words', () => {
    expect(retryCause('rate_limited', 429)).toBe('Rate limit reached (429)');
    expect(retryCause('rate_limited')).toBe('Rate limit reached (429)');
    expect(retryCause('network', 503)).toBe('Server error (503)');
    expect(retryCause('network')).toBe('The server could not be reached');
    expect(retryCause('internal', 500)).toBe('Temporary failure');
  });
});
