import { describe, expect, it } from 'vitest';
import type { PullQuery } from '../../../shared/bridge/contract.js';
import { parseHash } from './router.js';
import { parseQuerySearch, queryHref, querySearch, queryZone } from './queryRoute.js';

const FULL: PullQuery = {
  datasetId: 'pjm_marginal_value_real_time_5_min',
  startTime: '2023-11-05 00:00',
  endTime: '2024-09-05',
  columns: ['interval_start_utc', 'monitored_facility', 'shadow_price'],
  filter: { column: 'monitored_facility', operator: 'in', value: 'A & B, C=D' },
  order: 'desc',
  limit: 5000,
  timezone: 'market',
  resampleFrequency: '1h',
  resampleBy: ['monitored_facility'],
  resampleFunction: 'max',
  publishTime: 'latest_before:-1 day',
};

describe('query route', () => {
  it('round-trips every parameter and the pull through the address', () => {
    const href = queryHref(FULL, 42);
    const route = parseHash(href);
    expect(route).toMatchObject({ name: 'query', datasetId: FULL.datasetId });
    const back = parseQuerySearch(FULL.datasetId, route.name === 'query' ? route.search : '');
    expect(back).toEqual({ query: FULL, pullId: 42, run: false, view: null, problem: null });
    const view = {
      sort: [{ column: 'shadow_price', desc: true }],
      filters: [{ column: 'monitored_facility', op: 'in' as const, value: ['A', 'B'] }],
    };
    expect(parseQuerySearch(FULL.datasetId, querySearch(FULL, 42, false, view)).view).toEqual(view);
    expect(parseQuerySearch(FULL.datasetId, 'pull=3&view=%7Bnot-json').view).toBeNull();
    expect(
      parseQuerySearch(FULL.datasetId, `pull=3&view=${encodeURIComponent('{"sort":[{"column":"a;drop"}],"filters":[]}')}`).view,
    ).toBeNull();
    expect(parseQuerySearch(FULL.datasetId, querySearch({ datasetId: 'x', startTime: '2024-01-01' }, null, true))).toMatchObject({
      query: { datasetId: FULL.datasetId, startTime: '2024-01-01' },
      pullId: null,
      run: true,
    });
  });

  it('no parameters: no query; parameters that do not make a query are set aside whole, with a reason', () => {
    expect(parseQuerySearch('d', '')).toEqual({ query: null, pullId: null, run: false, view: null, problem: null });
    expect(parseQuerySearch('d', 'pull=abc')).toEqual({ query: null, pullId: null, run: false, view: null, problem: null });
    const bad = parseQuerySearch('d', 'start=2024-01-01&limit=-3&pull=7');
    expect(bad.query).toBeNull();
    expect(bad.pullId).toBe(7);
    expect(bad.problem).toMatch(/^The address holds a query Gridscope cannot read \(limit: /);
    expect(parseQuerySearch('d', 'start=yesterday').problem).toContain('startTime');
  });

  it('the zone a query shows its times in', () => {
    expect(queryZone({}, 'US/Eastern')).toBe('UTC');
    expect(queryZone({ timezone: 'market' }, 'US/Eastern')).toBe('US/Eastern');
    expect(queryZone({ timezone: 'Europe/Berlin' }, 'US/Eastern')).toBe('Europe/Berlin');
  });
});
