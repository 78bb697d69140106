import { ok } from '../../../shared/index.js';
import type { Constraint, ContractResults, ParsedInput, Result, Verb } from '../../../shared/index.js';
import type { CallContext } from '../common/call.js';
import type { GetOptions, QueryValue, V1Proxy } from '../v1/proxy.js';
import { runTracked } from '../v1/requests.js';
import type { RequestRegistry } from '../v1/requests.js';
import {
  ClientActiveOutages,
  ClientBindingLocations,
  ClientConstraintList,
  ClientConstraintLocation,
  ClientContingencyList,
  ClientLocationConstraintCosts,
  ClientShiftFactorsPerConstraint,
  ClientShiftFactorsPerLocation,
} from './bodies.js';
import { marketList, segment, shiftFactorQuery, windowProblem } from './inputs.js';

/** The grid verbs answered by one /v1 call each (constraints, location shift factors and costs, outages). */
export type GridVerb = Exclude<
  Extract<Verb, `constraints:${string}` | `locations:${string}` | 'outages:active'>,
  'locations:list' | 'locations:index'
>;

type Method<V extends GridVerb> = (input: ParsedInput<V>, ctx?: CallContext) => Promise<Result<ContractResults[V]>>;

/** One method per {@link GridVerb}. */
export interface GridService {
  constraints: Method<'constraints:list'>;
  contingencies: Method<'constraints:contingencies'>;
  constraintLocation: Method<'constraints:location'>;
  constraintShiftFactors: Method<'constraints:shiftFactors'>;
  bindingLocations: Method<'constraints:bindingLocations'>;
  locationShiftFactors: Method<'locations:shiftFactors'>;
  constraintCosts: Method<'locations:constraintCosts'>;
  activeOutages: Method<'outages:active'>;
}

export interface GridServiceOptions {
  proxy: V1Proxy;
  requests: RequestRegistry;
  /**
   * Told of every constraint list answered: `complete` when it is the whole list (no market, search or date filter, and
   * fewer rows than the limit). The pricing-location index compares it with the list it was built from.
   */
  onConstraints?: (constraints: readonly Constraint[], complete: boolean) => void;
}

/** The /v1 default `limit` of the constraint list (docs/api.md#constraint-list). */
const DEFAULT_CONSTRAINT_LIMIT = 10_000;

/**
 * The grid verbs (docs/desktop.md#grid-verbs): each a tracked request (`requests:status`, `requests:cancel`,
 * `ctx.signal`) making one /v1 GET (docs/api.md#constraint-list … #active-outages), its body read leniently
 * (electron/services/grid/bodies.ts); answers built from synthetic values carry `synthetic`, the fields the response's
 * `x-gridscope-synthetic` header names, from the cache too.
 * Errors: a window whose end is not after its start → `validation`; /v1's 400/404 pass through with its `detail`.
 */
export function createGridService(opts: GridServiceOptions): GridService {
  const { proxy, requests } = opts;

  const track = <T>(
    verb: GridVerb,
    requestId: string | undefined,
    ctx: CallContext | undefined,
    run: (call: GetOptions) => Promise<Result<T>>,
  ): Promise<Result<T>> => runTracked(requests, verb, requestId, ctx?.signal, run);

  return {
    constraints: async ({ requestId, costWindow, ...i }, ctx) => {
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
        if (!r.ok) return r;
        const filtered = !!(query.isos || i.search || i.activeAfter);
        opts.onConstraints?.(r.value.data, !filtered && r.value.data.length < (i.limit ?? DEFAULT_CONSTRAINT_LIMIT));
        return ok({ constraints: r.value.data, datasetMetadata: r.value.dataset_metadata });
      });
    },

    contingencies: ({ requestId, ...i }, ctx) =>
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

    constraintLocation: async ({ constraintId, requestId }, ctx) => {
      const id = segment(constraintId, 'constraint');
      if (!id.ok) return id;
      return track('constraints:location', requestId, ctx, async (call) => {
        const r = await proxy.getWithMeta(`/constraints/${id.value}/location`, {}, ClientConstraintLocation, call);
        return r.ok ? ok({ ...r.value.body, synthetic: r.value.synthetic }) : r;
      });
    },

    constraintShiftFactors: async ({ constraintId, requestId, ...i }, ctx) => {
      const id = segment(constraintId, 'constraint');
      if (!id.ok) return id;
      return track('constraints:shiftFactors', requestId, ctx, async (call) => {
        const path = `/constraints/${id.value}/shift-factors`;
        const r = await proxy.getWithMeta(path, shiftFactorQuery(i), ClientShiftFactorsPerLocation, call);
        return r.ok ? ok({ rows: r.value.body, synthetic: r.value.synthetic }) : r;
      });
    },

    bindingLocations: async ({ datasetId, window, limit, requestId }, ctx) => {
      const bad = windowProblem(window);
      if (bad) return bad;
      return track('constraints:bindingLocations', requestId, ctx, async (call) => {
        const query = { dataset_id: datasetId, start_time: window.start, end_time: window.end, limit };
        const r = await proxy.getWithMeta('/constraints/binding/locations', query, ClientBindingLocations, call);
        return r.ok ? ok({ constraints: r.value.body, synthetic: r.value.synthetic }) : r;
      });
    },

    locationShiftFactors: async ({ locationId, requestId, ...i }, ctx) => {
      const id = segment(locationId, 'location');
      if (!id.ok) return id;
      return track('locations:shiftFactors', requestId, ctx, async (call) => {
        const path = `/constraints/locations/${id.value}/shift-factors`;
        const r = await proxy.getWithMeta(path, shiftFactorQuery(i), ClientShiftFactorsPerConstraint, call);
        return r.ok ? ok({ rows: r.value.body, synthetic: r.value.synthetic }) : r;
      });
    },

    constraintCosts: async ({ locationId, datasetId, window, groupBy, requestId }, ctx) => {
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

    activeOutages: async ({ market, window, limit, requestId }, ctx) => {
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
