import { describe, expect, it } from 'vitest';
import { DEFAULT_GRID_CHOICE } from '../../features/constraints/gridChoice.js';
import { listSearch, readListState } from './route.js';

describe('list page address', () => {
  it('round-trips search, markets, active after, tab and selection with the window', () => {
    const state = {
      choice: { ...DEFAULT_GRID_CHOICE, start: '2023-11-05T00:00:00Z', end: '2023-11-08T00:00:00Z' },
      search: 'turkey ', // a search being typed keeps its space
      markets: ['pjm'],
      activeAfter: '2024-01-31',
      tab: 'contingencies' as const,
      selected: 'c-1',
      peak: '2x16' as const,
      split: 'buckets' as const,
      showAll: true,
    };
    expect(readListState(listSearch(state))).toEqual(state);
  });

  it('falls back to none for unreadable values and leaves defaults out of the address', () => {
    const s = readListState('after=yesterday&markets=PJM,bad%20market&tab=map&q=&peak=evening&split=x&all=yes');
    expect(s).toMatchObject({
      activeAfter: '',
      markets: ['pjm'],
      tab: 'constraints',
      search: '',
      selected: null,
      peak: 'all',
      split: 'none',
      showAll: false,
    });
    expect(listSearch(s)).toBe(
      'dataset=pjm_marginal_value_real_time_5_min&market=pjm&start=2024-09-02T00%3A00%3A00Z&end=2024-09-04T00%3A00%3A00Z&markets=pjm',
    );
  });
});
