import { describe, expect, it } from 'vitest';
import { DEFAULT_GRID_CHOICE } from '../../features/constraints/gridChoice.js';
import { mapSearch, readMapParams, topLimit } from './route.js';

describe('the map address', () => {
  it('reads its parameters; bad values are defaults', () => {
    expect(readMapParams('')).toEqual({ t: null, step: '1h', top: 100, allTimes: false, constraint: null, ticket: null });
    expect(readMapParams('t=2024-09-02T11:00:00Z&step=1d&top=all&all=1&constraint=c-1&ticket=724453')).toEqual({
      t: Date.parse('2024-09-02T11:00:00Z'),
      step: '1d',
      top: 'all',
      allTimes: true,
      constraint: 'c-1',
      ticket: 724453,
    });
    expect(readMapParams('t=2024-09-02T11:00&step=2w&top=7&all=yes&constraint=a%20b&ticket=-1')).toEqual(readMapParams(''));
  });

  it('writes what it reads, leaving the default step and top out', () => {
    const params = readMapParams('t=2024-09-02T11:00:00Z&step=5m&top=all&constraint=c-1');
    const search = mapSearch(DEFAULT_GRID_CHOICE, params);
    expect(readMapParams(search)).toEqual(params);
    expect(search).toContain('t=2024-09-02T11%3A00%3A00Z');
    expect(mapSearch(DEFAULT_GRID_CHOICE, readMapParams(''))).not.toMatch(/step=|top=|all=/);
  });

  it('top N is the verb limit; all sends none', () => {
    expect(topLimit(50)).toBe(50);
    expect(topLimit('all')).toBeUndefined();
  });
});
