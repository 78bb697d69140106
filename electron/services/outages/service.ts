import { fail, ok } from '../../../shared/index.js';
import type { ContractResults, OutageTicket, ParsedInput, Result, SubstationLocation, Verb } from '../../../shared/index.js';
import type { CallContext } from '../common/call.js';
import { ClientConstraintLocation } from '../grid/bodies.js';
import { segment, windowProblem } from '../grid/inputs.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';
import { runTracked } from '../v1/requests.js';
import type { RequestRegistry } from '../v1/requests.js';
import { filterTickets, outageFacets, startsWithin } from './filter.js';
import { nearTickets } from './near.js';
import { readActiveOutages } from './activePages.js';

/** The outage-object verbs (the list, one ticket, the tickets planned ahead); `outages:active` stays the grid's. */
export type OutageVerb = Exclude<Extract<Verb, `outages:${string}`>, 'outages:active'>;

type Method<V extends OutageVerb> = (input: ParsedInput<V>, ctx?: CallContext) => Promise<Result<ContractResults[V]>>;

/** One method per {@link OutageVerb}. */
export interface OutageService {
  list: Method<'outages:list'>;
  ticket: Method<'outages:ticket'>;
  ahead: Method<'outages:ahead'>;
}

export interface OutageServiceOptions {
  proxy: Pick<V1Proxy, 'getWithMeta'>;
  requests: RequestRegistry;
}

const DAY_MS = 86_400_000;
const isoZ = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

/**
 * Outages as objects (docs/outages.md): each verb reads `GET /outages/{market}/active` for a window (in pages, the
 * response cache's when the same window was asked), and `outages:ahead` also the constraint's substations
 * (`GET /constraints/{id}/location`, docs/api.md#constraint-location). Tracked requests (`requests:cancel`).
 * Errors: an empty window → `validation` before any request; a ticket not active in the window → `not_found`; /v1's
 * pass through (404 market without outage data or unknown constraint).
 */
export function createOutageService(opts: OutageServiceOptions): OutageService {
  const active = (market: string, window: { start: string; end: string }, call: GetOptions) =>
    readActiveOutages(opts.proxy, { market, window }, call);

  return {
    list: ({ market, window, filters, requestId }, ctx) => {
      const bad = windowProblem(window);
      if (bad) return Promise.resolve(bad);
      return runTracked(opts.requests, 'outages:list', requestId, ctx?.signal, async (call) => {
        const r = await active(market, window, call);
        if (!r.ok) return r;
        const all = r.value.body.tickets;
        return ok({
          tickets: filterTickets(all, filters ?? {}, window),
          total: all.length,
          facets: outageFacets(all),
          truncated: r.value.body.truncated,
          synthetic: r.value.synthetic,
        });
      });
    },

    ticket: ({ market, window, ticket, requestId }, ctx) => {
      const bad = windowProblem(window);
      if (bad) return Promise.resolve(bad);
      return runTracked(opts.requests, 'outages:ticket', requestId, ctx?.signal, async (call) => {
        const r = await active(market, window, call);
        if (!r.ok) return r;
        const found = r.value.body.tickets.find((t) => t.ticket === ticket);
        if (!found)
          return fail(
            'not_found',
            `Ticket ${ticket} was not active in ${market.toUpperCase()} between ${window.start} and ${window.end}` +
              (r.value.body.truncated ? ' (the answer was cut at its limit: it may be among the tickets left out).' : '.'),
          );
        return ok({ ticket: found, truncated: r.value.body.truncated, synthetic: r.value.synthetic });
      });
    },

    ahead: ({ market, constraintId, from, days, distanceKm, requestId }, ctx) => {
      const id = segment(constraintId, 'constraint');
      if (!id.ok) return Promise.resolve(id);
      const start = Date.parse(from);
      const window = { start: isoZ(start), end: isoZ(start + days * DAY_MS) };
      return runTracked(opts.requests, 'outages:ahead', requestId, ctx?.signal, async (call) => {
        const place = await opts.proxy.getWithMeta(`/constraints/${id.value}/location`, {}, ClientConstraintLocation, call);
        if (!place.ok) return place;
        const stations = [place.value.body.start, place.value.body.end].filter((s): s is SubstationLocation => !!s);
        const r = await active(market, window, call);
        if (!r.ok) return r;
        // Planned ahead: the interval starts in the days asked (the answer also holds tickets already running).
        const starting = r.value.body.tickets.filter((t: OutageTicket) => startsWithin(t, start, start + days * DAY_MS));
        return ok({
          window,
          distanceKm,
          located: stations.length > 0,
          tickets: nearTickets(starting, stations, distanceKm),
          truncated: r.value.body.truncated,
          synthetic: [...new Set([...place.value.synthetic, ...r.value.synthetic])],
        });
      });
    },
  };
}
