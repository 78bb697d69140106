import { describe, expect, it } from 'vitest';
import { DEFAULT_GRID_CHOICE } from '../../features/constraints/gridChoice.js';
import { contingencySearch, readContingencyView } from './route.js';

describe('contingency view address', () => {
  it('round-trips the window, the hours and the split, and leaves the defaults out', () => {
    const view = { choice: DEFAULT_GRID_CHOICE, peak: 'off_peak' as const, split: 'on_off' as const };
    expect(readContingencyView(contingencySearch(view))).toEqual(view);
    expect(contingencySearch({ ...view, peak: 'all', split: 'none' })).not.toMatch(/peak|split/);
    expect(readContingencyView('peak=noon&split=3')).toMatchObject({ peak: 'all', split: 'none' });
  });
});
