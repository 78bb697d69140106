import { ok } from '../../../shared/index.js';
import type { OutageTicket, Result, TimeWindow } from '../../../shared/index.js';
import { ClientActiveOutages } from '../grid/bodies.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';

/** The most outage tickets read for one window, over all its pages (the endpoint's own maximum per answer). */
export const ACTIVE_OUTAGE_LIMIT = 100_000;
/**
 * Tickets asked per request: a ticket is about 1.3 kB of JSON, so a page stays far below the proxy's 32 MiB body cap,
 * which an ISO-month in one answer (tens of thousands of tickets) passes.
 */
export const ACTIVE_OUTAGE_PAGE = 10_000;

/** The tickets active in a window, and the fields the answers' `x-gridscope-synthetic` header named. */
export interface ActiveOutagesAnswer {
  body: { truncated: boolean; tickets: OutageTicket[] };
  synthetic: string[];
}

// Ordered as the endpoint orders its tickets: by current start, then ticket number.
const isAfter = (t: OutageTicket, last: OutageTicket) => {
  const [a, b] = [Date.parse(t.current_interval_start_utc), Date.parse(last.current_interval_start_utc)];
  return a > b || (a === b && t.ticket > last.ticket);
};

/**
 * The tickets of `market` active in `window` (docs/api.md#active-outages), read page by page through the proxy (its
 * retries and response cache, so the same window asked again costs nothing): a page that is `truncated` is followed by
 * one asked with `start_date` = the last ticket's current start, whose tickets up to and including the last one are
 * dropped (they start at that same instant). Stops at {@link ACTIVE_OUTAGE_LIMIT} tickets, or when a page brings no new
 * ticket (more than a page of tickets starting at one instant), answering `truncated: true` then. Errors: the proxy's.
 */
export async function readActiveOutages(
  proxy: Pick<V1Proxy, 'getWithMeta'>,
  scope: { market: string; window: TimeWindow },
  call: GetOptions,
  page: number = ACTIVE_OUTAGE_PAGE,
): Promise<Result<ActiveOutagesAnswer>> {
  const path = `/outages/${encodeURIComponent(scope.market)}/active`;
  const tickets: OutageTicket[] = [];
  const synthetic = new Set<string>();
  for (;;) {
    const last = tickets.at(-1);
    const query = {
      start_time: scope.window.start,
      end_time: scope.window.end,
      limit: page,
      start_date: last?.current_interval_start_utc,
    };
    const r = await proxy.getWithMeta(path, query, ClientActiveOutages, call);
    if (!r.ok) return r;
    for (const f of r.value.synthetic) synthetic.add(f);
    const fresh = last ? r.value.body.tickets.filter((t) => isAfter(t, last)) : r.value.body.tickets;
    for (const t of fresh) tickets.push(t);
    if (!r.value.body.truncated) return ok({ body: { truncated: false, tickets }, synthetic: [...synthetic] });
    if (fresh.length === 0 || tickets.length >= ACTIVE_OUTAGE_LIMIT)
      return ok({ body: { truncated: true, tickets: tickets.slice(0, ACTIVE_OUTAGE_LIMIT) }, synthetic: [...synthetic] });
  }
}
