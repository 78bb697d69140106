import { fail, ok } from '../../../shared/index.js';
import type {
  BindingWindowInfo,
  ContractResults,
  ParsedInput,
  PeakFilter,
  ProfileName,
  Result,
  Verb,
} from '../../../shared/index.js';
import type { CallContext } from '../common/call.js';
import { ClientLocationConstraintCosts } from '../grid/bodies.js';
import { segment, windowProblem } from '../grid/inputs.js';
import { byConstraint, costOrder, pairsOverHours } from './locationCosts.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';
import { runTracked } from '../v1/requests.js';
import type { RequestRegistry } from '../v1/requests.js';
import type { WorkspaceService } from '../workspace/service.js';
import { ReadCancelledError } from '../workspace/workspace.js';
import type { Workspace } from '../workspace/workspace.js';
import { marketZone } from './peakSql.js';
import { profileCells, profileDays, profileSummary } from './profile.js';
import { bindingIntervals, bindingSeries, boundConstraints, boundContingencies, pairCosts } from './queries.js';
import type { WindowScope } from './queries.js';
import { BindingWindowStore } from './store.js';
import type { StoreTarget, StoredWindow } from './store.js';

/** The binding-window verbs. */
export type BindingVerb = Extract<Verb, `binding:${string}`>;

type Method<V extends BindingVerb> = (input: ParsedInput<V>, ctx?: CallContext) => Promise<Result<ContractResults[V]>>;

/** The binding intervals of some constraints in a window (no verb of its own: the watchlist's). */
export interface BindingIntervals {
  window: BindingWindowInfo;
  /** Distinct interval starts (ISO `Z`), ascending. */
  starts: string[];
}

/** One method per {@link BindingVerb}, `intervals` for other domains, and `clear` for when the response cache is emptied. */
export interface BindingWindowService {
  constraints: Method<'binding:constraints'>;
  contingencies: Method<'binding:contingencies'>;
  series: Method<'binding:series'>;
  locationCosts: Method<'binding:locationCosts'>;
  profile: Method<'binding:profile'>;
  /**
   * The intervals where any of `constraintIds` (every constraint's when null) has a binding row in the window, after
   * the peak filter; tracked as `binding:series`.
   */
  intervals(
    input: Scope & { constraintIds: readonly string[] | null; requestId?: string },
    ctx?: CallContext,
  ): Promise<Result<BindingIntervals>>;
  /** Forgets the stored windows of the active profile's workspace (when it is `profile`'s, or for any profile). */
  clear(profile?: ProfileName): Promise<void>;
}

export interface BindingWindowServiceOptions {
  /** The watched proxy: the store's one request is a screen's. */
  proxy: V1Proxy;
  requests: RequestRegistry;
  workspace: Pick<WorkspaceService, 'use'>;
  /** The active profile's server name and response-cache lifetime; null without a server (Remote without a key). */
  identify: () => Promise<StoreTarget | null>;
  now?: () => number;
  /** The store to share with other domains (the path view); one is made from the options above when absent. */
  store?: BindingWindowStore;
}

type Scope = Pick<ParsedInput<'binding:constraints'>, 'datasetId' | 'market' | 'window' | 'peak'>;

/** What an answer says of the stored window it was computed from, its buckets read in `market`'s zone. */
export function windowInfo(w: StoredWindow, market: string, peak: PeakFilter): BindingWindowInfo {
  return {
    datasetId: w.datasetId,
    start: w.start,
    end: w.end,
    rows: w.rows,
    limitReached: w.limitReached,
    fetchedAt: new Date(w.fetchedAt).toISOString().replace('.000Z', 'Z'),
    zone: marketZone(market),
    peak,
    synthetic: w.synthetic,
  };
}

/**
 * The binding-window verbs (docs/desktop.md#the-binding-window-store): each makes sure the window's binding rows are in
 * the active profile's workspace (at most one /v1 request per window while it is fresh, shared by every screen) and
 * answers what they add up to, computed there. Each is a tracked request (`requests:status`, `requests:cancel`).
 * Errors: an empty window → `validation` before any request; /v1's pass through (404 dataset, 400 not a constraint
 * dataset); no workspace → `internal`; the caller gone → `cancelled`.
 */
export function createBindingWindowService(opts: BindingWindowServiceOptions): BindingWindowService {
  const store =
    opts.store ??
    new BindingWindowStore({
      proxy: opts.proxy,
      identify: opts.identify,
      ...(opts.now ? { now: opts.now } : {}),
    });

  function run<V extends BindingVerb, T extends { window: BindingWindowInfo } = ContractResults[V]>(
    verb: V,
    { requestId, ...scope }: Scope & { requestId?: string | undefined },
    ctx: CallContext | undefined,
    answer: (ws: Workspace, s: WindowScope, call: GetOptions) => Promise<Result<Omit<T, 'window'>>>,
  ): Promise<Result<T>> {
    const bad = windowProblem(scope.window);
    if (bad) return Promise.resolve(bad);
    const peak = scope.peak ?? 'all';
    return runTracked(opts.requests, verb, requestId, ctx?.signal, (call) =>
      opts.workspace.use(async (ws) => {
        const stored = await store.ensure(ws, { datasetId: scope.datasetId, ...scope.window }, call);
        if (!stored.ok) return stored;
        const w = stored.value;
        try {
          const s = { windowId: w.id, market: scope.market, start: w.start, end: w.end, peak };
          const body = await answer(ws, s, { ...call, profile: ws.profile });
          return body.ok ? ok({ ...body.value, window: windowInfo(w, scope.market, peak) } as T) : body;
        } catch (error) {
          if (error instanceof ReadCancelledError) return fail('cancelled', error.message);
          return fail('internal', `Summing the binding rows failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }),
    );
  }

  return {
    constraints: ({ contingencyId, ...input }, ctx) =>
      run('binding:constraints', input, ctx, async (ws, s, { signal }) =>
        ok({ constraints: await ws.read((conn) => boundConstraints(conn, s, contingencyId ? { contingencyId } : {}), signal) }),
      ),
    contingencies: ({ constraintId, ...input }, ctx) =>
      run('binding:contingencies', input, ctx, async (ws, s, { signal }) =>
        ok({
          contingencies: await ws.read((conn) => boundContingencies(conn, s, constraintId ? { constraintId } : {}), signal),
        }),
      ),
    series: ({ constraintId, ...input }, ctx) =>
      run('binding:series', input, ctx, async (ws, s, { signal }) =>
        ok({ points: await ws.read((conn) => bindingSeries(conn, s, constraintId), signal) }),
      ),
    // The location's pairs and shift factors from /v1 (one request, the response cache's), their costs from the window.
    locationCosts: ({ locationId, groupBy, ...input }, ctx) =>
      run('binding:locationCosts', input, ctx, async (ws, s, call) => {
        const id = segment(locationId, 'location');
        if (!id.ok) return id;
        const path = `/constraints/locations/${id.value}/constraint-costs`;
        const query = { dataset_id: input.datasetId, start_time: s.start, end_time: s.end, group_by: 'constraint_contingency' };
        const pairs = await opts.proxy.getWithMeta(path, query, ClientLocationConstraintCosts, call);
        if (!pairs.ok) return pairs;
        const costs = await ws.read((conn) => pairCosts(conn, s), call.signal);
        const hours = pairsOverHours(pairs.value.body, costs);
        const rows = (groupBy === 'constraint' ? byConstraint(hours, costs) : hours).sort(costOrder);
        return ok({ rows, synthetic: pairs.value.synthetic });
      }),
    profile: ({ constraintId, ...input }, ctx) =>
      run('binding:profile', input, ctx, async (ws, s, { signal }) =>
        ok(
          await ws.read(
            async (conn) => ({
              summary: await profileSummary(conn, s, constraintId),
              days: await profileDays(conn, s, constraintId),
              cells: await profileCells(conn, s, constraintId),
            }),
            signal,
          ),
        ),
      ),
    intervals: ({ constraintIds, ...input }, ctx) =>
      run<'binding:series', BindingIntervals>('binding:series', input, ctx, async (ws, s, { signal }) =>
        ok({ starts: await ws.read((conn) => bindingIntervals(conn, s, constraintIds), signal) }),
      ),
    clear: async (profile) => {
      await opts.workspace.use(async (ws) => ok(!profile || ws.profile === profile ? await store.clear(ws) : undefined));
    },
  };
}
