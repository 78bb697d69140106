import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/index.js';
import type { OutageTicket } from '../../../shared/index.js';
import { readActiveOutages } from './activePages.js';

const WINDOW = { start: '2024-09-01T00:00:00Z', end: '2024-10-01T00:00:00Z' };
const ticket = (n: number, day: number) =>
  ({
    ticket: n,
    current_interval_start_utc: `2024-09-0${day}T00:00:00Z`,
    current_interval_end_utc: WINDOW.end,
    equipment: [],
  }) as unknown as OutageTicket;

describe('active outages read in pages', () => {
  it('unites the synthetic fields every page named, asks the market path and passes the call options', async () => {
    const all = [ticket(1, 1), ticket(2, 2), ticket(3, 3)];
    const seen: { path: string; query: Record<string, unknown>; call: unknown }[] = [];
    const proxy = {
      getWithMeta: async (path: string, query: Record<string, unknown>, _schema: unknown, call: unknown) => {
        seen.push({ path, query, call });
        const from = typeof query.start_date === 'string' ? Date.parse(query.start_date) : -Infinity;
        const kept = all.filter((t) => Date.parse(t.current_interval_start_utc) >= from);
        const limit = Number(query.limit);
        return ok({
          body: { truncated: kept.length > limit, tickets: kept.slice(0, limit) },
          synthetic: query.start_date ? ['to_substation'] : ['from_substation'],
        });
      },
    };
    const call = { profile: 'embedded' as const };
    const r = await readActiveOutages(proxy as never, { market: 'pjm/x', window: WINDOW }, call, 2);
    expect(r).toEqual(ok({ body: { truncated: false, tickets: all }, synthetic: ['from_substation', 'to_substation'] }));
    expect(seen.map((s) => s.path)).toEqual(['/outages/pjm%2Fx/active', '/outages/pjm%2Fx/active']);
    expect(seen.every((s) => s.call === call)).toBe(true);
  });

  it('answers the first failing page’s error, keeping nothing of the pages before', async () => {
    let n = 0;
    const proxy = {
      getWithMeta: async () =>
        ++n === 1
          ? ok({ body: { truncated: true, tickets: [ticket(1, 1)] }, synthetic: [] })
          : fail('network', 'The data service did not answer.'),
    };
    const r = await readActiveOutages(proxy as never, { market: 'pjm', window: WINDOW }, {}, 1);
    expect(r).toEqual(fail('network', 'The data service did not answer.'));
  });
});
