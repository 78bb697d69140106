import { ok } from '../../../shared/index.js';
import type { BindingConstraintWithLocations, OutageTicket, Result, TimeWindow } from '../../../shared/index.js';
import { ClientActiveOutages, ClientBindingLocations } from '../grid/bodies.js';
import type { GetOptions, V1Proxy, WithMeta } from '../v1/proxy.js';

/** The most outage tickets the map reads for one window, over all its pages (the endpoint's own maximum). */
export const MAP_OUTAGE_LIMIT = 100_000;
/**
 * Tickets asked per outage request: a ticket is about 1.3 kB of JSON, so a page stays far below the proxy's 32 MiB body
 * cap, which an ISO-month in one answer (tens of thousands of tickets) passes.
 */
export const MAP_OUTAGE_PAGE = 10_000;

/** How long an answer is kept in memory for the selection verbs. */
const KEEP_MS = 15 * 60_000;
/** Answers kept per kind: the map's current window and the one before. */
const KEEP_ANSWERS = 2;

/** A /v1 answer with the fields its `x-gridscope-synthetic` header named. */
export interface Answer<T> {
  body: T;
  synthetic: string[];
}

/** The binding constraints with locations of a dataset and window (top `limit`), and the outages active in a market and window. */
export interface MapAnswers {
  binding(
    scope: { datasetId: string; window: TimeWindow; limit?: number | undefined },
    call: GetOptions,
  ): Promise<Result<Answer<BindingConstraintWithLocations[]>>>;
  outages(
    scope: { market: string; window: TimeWindow },
    call: GetOptions,
  ): Promise<Result<Answer<{ truncated: boolean; tickets: OutageTicket[] }>>>;
}

export interface MapAnswersOptions {
  proxy: Pick<V1Proxy, 'getWithMeta'>;
  /** The active /v1 server's identity (never its key), or null when there is none: answers are kept per server. */
  identify: () => Promise<string | null>;
  now?: () => number;
  /** Tickets per outage request (default {@link MAP_OUTAGE_PAGE}). */
  outagePage?: number;
}

type OutagePages = Answer<{ truncated: boolean; tickets: OutageTicket[] }>;

// Ordered as the endpoint orders its tickets: by current start, then ticket number.
const isAfter = (t: OutageTicket, last: OutageTicket) => {
  const [a, b] = [Date.parse(t.current_interval_start_utc), Date.parse(last.current_interval_start_utc)];
  return a > b || (a === b && t.ticket > last.ticket);
};

/**
 * The tickets active in a window, read page by page (docs/api.md#active-outages): a page that is `truncated` is followed
 * by one asked with `start_date` = the last ticket's current start, whose tickets up to and including the last one are
 * dropped (they start at that same instant). Stops at {@link MAP_OUTAGE_LIMIT} tickets, or when a page brings no new
 * ticket (more than a page of tickets starting at one instant), answering `truncated: true` then.
 */
async function outagePages(
  get: (query: Record<string, string | number | undefined>) => Promise<Result<WithMeta<OutagePages['body']>>>,
  window: TimeWindow,
  page: number,
): Promise<Result<OutagePages>> {
  const tickets: OutageTicket[] = [];
  let synthetic: string[] = [];
  for (;;) {
    const last = tickets.at(-1);
    const r = await get({
      start_time: window.start,
      end_time: window.end,
      limit: page,
      start_date: last?.current_interval_start_utc,
    });
    if (!r.ok) return r;
    synthetic = r.value.synthetic;
    const fresh = last ? r.value.body.tickets.filter((t) => isAfter(t, last)) : r.value.body.tickets;
    for (const t of fresh) tickets.push(t);
    if (!r.value.body.truncated) return ok({ body: { truncated: false, tickets }, synthetic });
    if (fresh.length === 0 || tickets.length >= MAP_OUTAGE_LIMIT)
      return ok({ body: { truncated: true, tickets: tickets.slice(0, MAP_OUTAGE_LIMIT) }, synthetic });
  }
}

/**
 * The two /v1 reads of the map (docs/api.md#binding-constraints-with-locations, docs/api.md#active-outages) through the
 * proxy (its retries and response cache; the outages in pages of `outagePage` tickets), each answer kept in memory for a while per server and query, so a selection
 * (`map:constraintDetail`, `map:ticket`) is answered from what `map:features` read, without another request.
 */
export function createMapAnswers(opts: MapAnswersOptions): MapAnswers {
  const now = opts.now ?? Date.now;
  const page = opts.outagePage ?? MAP_OUTAGE_PAGE;
  const kept = new Map<string, { at: number; answer: Answer<unknown> }>();

  async function read<T>(
    kind: string,
    query: Record<string, string | number | undefined>,
    fetch: () => Promise<Result<Answer<T>>>,
  ) {
    const server = await opts.identify().catch(() => null);
    const key = server === null ? null : JSON.stringify([server, kind, query]);
    const hit = key === null ? undefined : kept.get(key);
    if (hit && now() - hit.at < KEEP_MS) return ok(hit.answer as Answer<T>);
    const r = await fetch();
    if (r.ok && key !== null) {
      kept.delete(key);
      kept.set(key, { at: now(), answer: r.value });
      const ofKind = [...kept.keys()].filter((k) => JSON.parse(k)[1] === kind);
      for (const old of ofKind.slice(0, Math.max(0, ofKind.length - KEEP_ANSWERS))) kept.delete(old);
    }
    return r;
  }

  return {
    binding: ({ datasetId, window, limit }, call) => {
      const query = { dataset_id: datasetId, start_time: window.start, end_time: window.end, limit };
      return read('binding', query, async () => {
        const r = await opts.proxy.getWithMeta('/constraints/binding/locations', query, ClientBindingLocations, call);
        return r.ok ? ok({ body: r.value.body, synthetic: r.value.synthetic }) : r;
      });
    },
    outages: ({ market, window }, call) => {
      const query = { start_time: window.start, end_time: window.end, limit: MAP_OUTAGE_LIMIT };
      const path = `/outages/${encodeURIComponent(market)}/active`;
      return read(`outages:${market}`, query, () =>
        outagePages((q) => opts.proxy.getWithMeta(path, q, ClientActiveOutages, call), window, page),
      );
    },
  };
}
