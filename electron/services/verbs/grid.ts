import { fail, ok } from '../../../shared/index.js';
import type { ParsedInput, Result, TimeWindow, Verb } from '../../../shared/index.js';
import {
  ClientActiveOutages,
  ClientBindingLocations,
  ClientConstraintList,
  ClientConstraintLocation,
  ClientContingencyList,
  ClientLocationConstraintCosts,
  ClientShiftFactorsPerConstraint,
  ClientShiftFactorsPerLocation,
} from '../grid/bodies.js';
import { createLocationList } from '../grid/locations.js';
import type { GetOptions, QueryValue } from '../v1/proxy.js';
import { runTracked } from '../v1/requests.js';
import type { CallContext, Handlers, HandlerDeps } from './handlers.js';

/** The grid verbs answered from /v1 (constraints, locations, outages). */
export type GridVerb = Extract<Verb, `constraints:${string}` | `locations:${string}` | `outages:${string}`>;

/** `undefined` when `window` is usable, else the `validation` failure saying why (end not after start). */
export function windowProblem(window: TimeWindow, name = 'window'): Result<never> | undefined {
  const start = Date.parse(window.start);
  const end = Date.parse(window.end);
  if (Number.isNaN(start) || Number.isNaN(end)) return fail('validation', `The ${name} needs a start and an end date-time.`);
  if (end <= start) return fail('validation', `The ${name}'s end (${window.end}) must be after its start (${window.start}).`);
  return undefined;
}

/** `id` as one encoded path segment; `.` and `..` are refused (they would name another path), as `validation`. */
function segment(id: string, what: string): Result<string> {
  if (/^\.{1,2}$/.test(id)) return fail('validation', `"${id}" is not a ${what} id.`);
  return ok(encodeURIComponent(id));
}

// The four options both shift-factor verbs share (docs/api.md#shift-factors-by-location).
type ShiftFactorInput = Omit<ParsedInput<'constraints:shiftFactors'>, 'constraintId' | 'requestId'>;

const shiftFactorQuery = (i: ShiftFactorInput): Record<string, QueryValue> => ({
  dataset_id: i.datasetId,
  contingency_id: i.contingencyId,
  exclude_zeros: i.excludeZeros,
  aggregation_function: i.aggregation,
});

/**
 * The handlers of the grid verbs (docs/desktop.md#grid-verbs): each a tracked request (`requests:status`,
 * `requests:cancel`, `ctx.signal`) making one /v1 GET (docs/api.md#constraint-list … #active-outages), its body read
 * leniently (electron/services/grid/bodies.ts); answers built from synthetic values carry `synthetic`, the fields the
 * response's `x-gridscope-synthetic` header names, from the cache too. `locations:list` reads the shipped pricing nodes.
 * Errors: a window whose end is not after its start → `validation`; /v1's 400/404 pass through with its `detail`.
 */
export function createGridHandlers(deps: HandlerDeps): Pick<Handlers, GridVerb> {
  const { proxy, requests } = deps;
  const listLocations = createLocationList(deps.dataDir);

  const track = <T>(
    verb: GridVerb,
    requestId: string | undefined,
    ctx: CallContext | undefined,
    run: (call: GetOptions) => Promise<Result<T>>,
  ): Promise<Result<T>> => runTracked(requests, verb, requestId, ctx?.signal, run);

  const marketList = (markets: string[] | undefined): string | undefined =>
    // An empty list is read as "no market filter": /v1 would answer an empty `isos` with nothing.
    markets && markets.length > 0 ? markets.join(',') : undefined;

  return {
    'constraints:list': async ({ requestId, costWindow, ...i }, ctx) => {
      const bad = costWindow && windowProblem(costWindow, 'cost window');
      if (bad) return bad;
      return track('constraints:list', requestId, ctx, async (call) => {
        const query: Record<string, QueryValue> = {
          isos: marketList(i.markets),
          search: i.search,
          active_after: i.activeAfter,
          sort_column: i.sortColumn,
          sort_order: i.sortOrder,
          limit: i.limit,
          include_dataset_metadata: true,
          ...(costWindow
            ? {
                include_absolute_costs: true,
                absolute_cost_start_time: costWindow.start,
                absolute_cost_end_time: costWindow.end,
              }
            : {}),
        };
        const r = await proxy.get('/constraints', query, ClientConstraintList, call);
        return r.ok ? ok({ constraints: r.value.data, datasetMetadata: r.value.dataset_metadata }) : r;
      });
    },

    'constraints:contingencies': ({ requestId, ...i }, ctx) =>
      track('constraints:contingencies', requestId, ctx, (call) =>
        proxy.get(
          '/constraints/contingencies',
          {
            isos: marketList(i.markets),
            search: i.search,
            active_after: i.activeAfter,
            sort_column: i.sortColumn,
            sort_order: i.sortOrder,
            limit: i.limit,
          },
          ClientContingencyList,
          call,
        ),
      ),

    'constraints:location': async ({ constraintId, requestId }, ctx) => {
      const id = segment(constraintId, 'constraint');
      if (!id.ok) return id;
      return track('constraints:location', requestId, ctx, async (call) => {
        const r = await proxy.getWithMeta(`/constraints/${id.value}/location`, {}, ClientConstraintLocation, call);
        return r.ok ? ok({ ...r.value.body, synthetic: r.value.synthetic }) : r;
      });
    },

    'constraints:shiftFactors': async ({ constraintId, requestId, ...i }, ctx) => {
      const id = segment(constraintId, 'constraint');
      if (!id.ok) return id;
      return track('constraints:shiftFactors', requestId, ctx, async (call) => {
        const path = `/constraints/${id.value}/shift-factors`;
        const r = await proxy.getWithMeta(path, shiftFactorQuery(i), ClientShiftFactorsPerLocation, call);
        return r.ok ? ok({ rows: r.value.body, synthetic: r.value.synthetic }) : r;
      });
    },

    'constraints:bindingLocations': async ({ datasetId, window, limit, requestId }, ctx) => {
      const bad = windowProblem(window);
      if (bad) return bad;
      return track('constraints:bindingLocations', requestId, ctx, async (call) => {
        const query = { dataset_id: datasetId, start_time: window.start, end_time: window.end, limit };
        const r = await proxy.getWithMeta('/constraints/binding/locations', query, ClientBindingLocations, call);
        return r.ok ? ok({ constraints: r.value.body, synthetic: r.value.synthetic }) : r;
      });
    },

    // Not a /v1 call: the hubs and zones Gridscope ships, with ids by the embedded service's rule.
    // `requestId` is accepted like every data verb's, but there is nothing to track: the answer is local.
    'locations:list': ({ requestId: _requestId, ...input }) => listLocations(input),

    'locations:shiftFactors': async ({ locationId, requestId, ...i }, ctx) => {
      const id = segment(locationId, 'location');
      if (!id.ok) return id;
      return track('locations:shiftFactors', requestId, ctx, async (call) => {
        const path = `/constraints/locations/${id.value}/shift-factors`;
        const r = await proxy.getWithMeta(path, shiftFactorQuery(i), ClientShiftFactorsPerConstraint, call);
        return r.ok ? ok({ rows: r.value.body, synthetic: r.value.synthetic }) : r;
      });
    },

    'locations:constraintCosts': async ({ locationId, datasetId, window, groupBy, requestId }, ctx) => {
      const id = segment(locationId, 'location');
      if (!id.ok) return id;
      const bad = windowProblem(window);
      if (bad) return bad;
      return track('locations:constraintCosts', requestId, ctx, async (call) => {
        const path = `/constraints/locations/${id.value}/constraint-costs`;
        const query = { dataset_id: datasetId, start_time: window.start, end_time: window.end, group_by: groupBy };
        const r = await proxy.getWithMeta(path, query, ClientLocationConstraintCosts, call);
        return r.ok ? ok({ rows: r.value.body, synthetic: r.value.synthetic }) : r;
      });
    },

    'outages:active': async ({ market, window, limit, requestId }, ctx) => {
      const bad = windowProblem(window);
      if (bad) return bad;
      return track('outages:active', requestId, ctx, async (call) => {
        const path = `/outages/${encodeURIComponent(market)}/active`;
        const query = { start_time: window.start, end_time: window.end, limit };
        const r = await proxy.getWithMeta(path, query, ClientActiveOutages, call);
        return r.ok ? ok({ truncated: r.value.body.truncated, tickets: r.value.body.tickets, synthetic: r.value.synthetic }) : r;
      });
    },
  };
}
