import { describe, expect, it } from 'vitest';
import { ok } from '../../../shared/index.js';
import type { OutageTicket } from '../../../shared/index.js';
import { createMapAnswers } from './answers.js';

const WINDOW = { start: '2024-09-01T00:00:00Z', end: '2024-10-01T00:00:00Z' };
const ticket = (n: number, start: string) =>
  ({
    ticket: n,
    current_interval_start_utc: start,
    current_interval_end_utc: WINDOW.end,
    equipment: [],
  }) as unknown as OutageTicket;

// The endpoint's paging rules over `all` (ordered by start, then ticket): `start_date` keeps starts at or after it,
// `limit` cuts and sets `truncated`. `asked` records each request's query.
function fakeProxy(all: OutageTicket[], asked: Record<string, unknown>[]) {
  return {
    getWithMeta: async (_path: string, query: Record<string, unknown>) => {
      asked.push(query);
      const from = typeof query.start_date === 'string' ? Date.parse(query.start_date) : -Infinity;
      const kept = all.filter((t) => Date.parse(t.current_interval_start_utc) >= from);
      const limit = Number(query.limit);
      return ok({ body: { truncated: kept.length > limit, tickets: kept.slice(0, limit) }, synthetic: ['from_substation'] });
    },
  };
}

describe('the map outage answer in pages', () => {
  it('follows truncated pages from the last start, dropping the tickets already read at that instant', async () => {
    const all = [1, 2, 3, 4, 5, 6, 7].map((n) => ticket(n, `2024-09-0${Math.ceil(n / 2)}T00:00:00Z`));
    const asked: Record<string, unknown>[] = [];
    const answers = createMapAnswers({ proxy: fakeProxy(all, asked) as never, identify: async () => null, outagePage: 3 });
    const r = await answers.outages({ market: 'pjm', window: WINDOW }, {});
    expect(r).toEqual(ok({ body: { truncated: false, tickets: all }, synthetic: ['from_substation'] }));
    expect(asked.map((q) => q.start_date)).toEqual([undefined, '2024-09-02T00:00:00Z', '2024-09-03T00:00:00Z']);
    expect(asked.every((q) => q.limit === 3 && q.start_time === WINDOW.start && q.end_time === WINDOW.end)).toBe(true);
  });

  it('answers truncated when more than a page of tickets start at one instant, instead of asking forever', async () => {
    const all = [1, 2, 3, 4].map((n) => ticket(n, '2024-09-01T00:00:00Z'));
    const asked: Record<string, unknown>[] = [];
    const answers = createMapAnswers({ proxy: fakeProxy(all, asked) as never, identify: async () => null, outagePage: 2 });
    const r = await answers.outages({ market: 'pjm', window: WINDOW }, {});
    expect(r.ok && r.value.body).toEqual({ truncated: true, tickets: all.slice(0, 2) });
    expect(asked).toHaveLength(2);
  });
});
