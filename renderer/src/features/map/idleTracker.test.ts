// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createIdleTracker } from './idleTracker.js';

describe('data-map-idle', () => {
  it('is "true" only after idle with nothing loading, and "false" again on the next change', () => {
    const el = document.createElement('div');
    const t = createIdleTracker(el);
    const state = () => el.getAttribute('data-map-idle');
    expect(state()).toBe('false');
    t.idle();
    expect(state()).toBe('false'); // answers still loading
    t.setLoading(false);
    expect(state()).toBe('true');
    t.busy();
    expect(state()).toBe('false');
    t.idle();
    expect(state()).toBe('true');
    t.setLoading(true);
    expect(state()).toBe('false');
  });
});
