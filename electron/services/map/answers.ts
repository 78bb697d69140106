import { ok } from '../../../shared/index.js';
import type { BindingConstraintWithLocations, OutageTicket, Result, TimeWindow } from '../../../shared/index.js';
import { ClientBindingLocations } from '../grid/bodies.js';
import { ACTIVE_OUTAGE_PAGE, readActiveOutages } from '../outages/activePages.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';

/** Tickets asked per outage request (docs/map.md): the outage readers' page. */
export const MAP_OUTAGE_PAGE = ACTIVE_OUTAGE_PAGE;

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
      const query = { start_time: window.start, end_time: window.end, page };
      return read(`outages:${market}`, query, () => readActiveOutages(opts.proxy, { market, window }, call, page));
    },
  };
}
