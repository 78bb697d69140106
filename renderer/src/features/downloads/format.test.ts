import { describe, expect, it } from 'vitest';
import { rateText } from './format.js';

describe('rateText', () => {
  it('shows the speed and the time left only when each is known', () => {
    expect(rateText(2048, 8)).toBe(' · 2.0 KB/s · 8 s left');
    expect(rateText(2048, null)).toBe(' · 2.0 KB/s');
    expect(rateText(0, null)).toBe('');
  });
});
