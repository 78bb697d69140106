import { describe, expect, it } from 'vitest';
import { DEFAULT_GRID_CHOICE } from '../../features/constraints/gridChoice.js';
import { NO_OUTAGE_FILTER } from '../../features/map/outageFilter.js';
import { mapSearch, readMapParams, topLimit } from './route.js';

describe('the map address', () => {
  it('reads its parameters; bad values are defaults', () => {
    expect(readMapParams('')).toEqual({
      t: null,
      step: '1h',
      top: 100,
      allTimes: false,
      constraint: null,
      ticket: null,
      outages: NO_OUTAGE_FILTER,
    });
    expect(readMapParams('t=2024-09-02T11:00:00Z&step=1d&top=all&all=1&constraint=c-1&ticket=724453')).toEqual({
      t: Date.parse('2024-09-02T11:00:00Z'),
      step: '1d',
      top: 'all',
      allTimes: true,
      constraint: 'c-1',
      ticket: 724453,
      outages: NO_OUTAGE_FILTER,
    });
    expect(
      readMapParams('t=2024-09-02T11:00&step=2w&top=7&all=yes&constraint=a%20b&ticket=-1&voltage_class=345%20kV&zone=%01'),
    ).toEqual(readMapParams(''));
  });

  it('writes what it reads, leaving the default step and top out', () => {
    const params = readMapParams('t=2024-09-02T11:00:00Z&step=5m&top=all&constraint=c-1');
    const search = mapSearch(DEFAULT_GRID_CHOICE, params);
    expect(readMapParams(search)).toEqual(params);
    expect(search).toContain('t=2024-09-02T11%3A00%3A00Z');
    expect(mapSearch(DEFAULT_GRID_CHOICE, readMapParams(''))).not.toMatch(/step=|top=|all=/);
  });

  it('keeps the outage filters: every one written is read back, "any" is left out of the address', () => {
    const outages = {
      outageType: 'Continuous',
      status: 'Approved',
      equipmentType: 'LINE',
      voltageClass: '100–199 kV',
      zone: 'PS & PE',
    };
    const params = { ...readMapParams('step=1d&ticket=724453'), outages };
    const search = mapSearch(DEFAULT_GRID_CHOICE, params);
    expect(readMapParams(search)).toEqual(params);
    expect(new URLSearchParams(search).get('outage_status')).toBe('Approved');
    expect(new URLSearchParams(search).get('zone')).toBe('PS & PE');
    const some = { ...params, outages: { ...NO_OUTAGE_FILTER, equipmentType: 'XFMR' } };
    const fewer = mapSearch(DEFAULT_GRID_CHOICE, some);
    expect(readMapParams(fewer).outages).toEqual(some.outages);
    expect(fewer).not.toMatch(/outage_type=|outage_status=|voltage_class=|zone=/);
  });

  it('top N is the verb limit; all sends none', () => {
    expect(topLimit(50)).toBe(50);
    expect(topLimit('all')).toBeUndefined();
  });
});
