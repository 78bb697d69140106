import { describe, expect, it } from 'vitest';
import { DEFAULT_GRID_CHOICE } from '../../features/constraints/gridChoice.js';
import { activeAfterInstant, listMarket, listSearch, readListState } from './route.js';
import { afterValue } from './ActiveAfterField.js';

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
      'dataset=pjm_marginal_value_real_time_5_min&market=pjm&start=2024-09-02T04%3A00%3A00Z&end=2024-09-04T04%3A00%3A00Z&markets=pjm',
    );
  });
});

describe('active after', () => {
  it('keeps a day as typed and a time as its UTC instant, read in the zone shown', () => {
    expect(afterValue(' 2024-09-02 ', 'US/Eastern')).toBe('2024-09-02');
    expect(afterValue('2024-09-02 06:30', 'US/Eastern')).toBe('2024-09-02T10:30:00Z');
    expect(afterValue('2024-09-02 06:30', 'UTC')).toBe('2024-09-02T06:30:00Z');
    expect(afterValue('2024-09-02Z', 'US/Eastern')).toBe('2024-09-02T00:00:00Z');
    expect(afterValue('', 'US/Eastern')).toBe('');
    expect(() => afterValue('09/02/2024', 'US/Eastern')).toThrow(/is not a date or date-time/);
  });

  it('asks for a day from its start in the zone shown; an instant as itself', () => {
    expect(activeAfterInstant('2024-09-02', 'US/Eastern')).toBe('2024-09-02T04:00:00Z');
    expect(activeAfterInstant('2023-11-06', 'US/Eastern')).toBe('2023-11-06T05:00:00Z');
    expect(activeAfterInstant('2024-09-02', 'UTC')).toBe('2024-09-02T00:00:00Z');
    expect(activeAfterInstant('2024-09-02T10:30:00Z', 'US/Eastern')).toBe('2024-09-02T10:30:00Z');
    expect(activeAfterInstant('', 'UTC')).toBeUndefined();
  });

  it('reads a day or an instant from the address, nothing else', () => {
    expect(readListState('after=2024-09-02T10:30:00Z').activeAfter).toBe('2024-09-02T10:30:00Z');
    expect(readListState('after=2024-02-30').activeAfter).toBe('');
    expect(readListState('after=2024-09-02T10:30:00').activeAfter).toBe('');
  });

  it("counts in the one market filtered on, else the cost window dataset's", () => {
    const choice = readListState('').choice;
    expect(listMarket({ markets: ['miso'], choice })).toBe('miso');
    expect(listMarket({ markets: [], choice })).toBe('pjm');
    expect(listMarket({ markets: ['miso', 'pjm'], choice })).toBe('pjm');
  });
});
