import { describe, expect, it } from 'vitest';
import { FULL_QUERY } from '../../test-support/pullQueries.js';
import { parseHash } from '../../lib/router.js';
import { queryHref, querySearch } from '../../features/workspace/queryAddress.js';
import { parseQuerySearch, sameQuery } from './route.js';

describe('query route', () => {
  it('round-trips every parameter and the pull through the address', () => {
    const href = queryHref(FULL_QUERY, 42);
    const route = parseHash(href);
    expect(route).toMatchObject({ name: 'query', datasetId: FULL_QUERY.datasetId });
    const back = parseQuerySearch(FULL_QUERY.datasetId, route.name === 'query' ? route.search : '');
    expect(back).toEqual({ query: FULL_QUERY, pullId: 42, run: false, view: null, problem: null });
    const view = {
      sort: [{ column: 'spp', desc: true }],
      filters: [{ column: 'location', op: 'in' as const, value: ['HB_HOUSTON', 'HB_NORTH'] }],
    };
    expect(parseQuerySearch(FULL_QUERY.datasetId, querySearch(FULL_QUERY, 42, false, view)).view).toEqual(view);
    expect(parseQuerySearch(FULL_QUERY.datasetId, 'pull=3&view=%7Bnot-json').view).toBeNull();
    expect(
      parseQuerySearch(FULL_QUERY.datasetId, `pull=3&view=${encodeURIComponent('{"sort":[{"column":"a;drop"}],"filters":[]}')}`)
        .view,
    ).toBeNull();
    expect(
      parseQuerySearch(FULL_QUERY.datasetId, querySearch({ datasetId: 'x', startTime: '2024-01-01' }, null, true)),
    ).toMatchObject({
      query: { datasetId: FULL_QUERY.datasetId, startTime: '2024-01-01' },
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

  it("a pull is the address's only when its query is the same, defaults read as the data service reads them", () => {
    const q = { datasetId: 'd', startTime: '2024-01-01', resampleFrequency: '1d' };
    expect(sameQuery(q, { ...q, order: 'asc', resampleFunction: 'mean' })).toBe(true);
    expect(
      sameQuery(
        { datasetId: 'd', startTime: '2024-01-01' },
        { datasetId: 'd', startTime: '2024-01-01', resampleFunction: 'max' },
      ),
    ).toBe(true);
    expect(sameQuery(FULL_QUERY, { ...FULL_QUERY })).toBe(true);
    expect(sameQuery(q, { ...q, resampleFunction: 'sum' })).toBe(false);
    expect(sameQuery(q, { ...q, resampleBy: ['zone'] })).toBe(false);
    expect(sameQuery(q, { ...q, order: 'desc' })).toBe(false);
    expect(sameQuery(q, { ...q, startTime: '2024-01-02' })).toBe(false);
    expect(sameQuery(q, { ...q, timezone: 'UTC' })).toBe(false);
    expect(sameQuery(FULL_QUERY, { ...FULL_QUERY, filter: { ...FULL_QUERY.filter!, value: 'HB_HOUSTON' } })).toBe(false);
    expect(sameQuery(q, { ...q, datasetId: 'e' })).toBe(false);
  });
});
