import { ok } from '../../../shared/index.js';
import type {
  BindingConstraintWithLocations,
  BoundConstraint,
  BindingWindowInfo,
  ConstraintLocation,
  OutageTicket,
  Result,
  ShiftFactorPerConstraint,
} from '../../../shared/index.js';
import type { BindingWindowService } from '../bindingWindow/service.js';
import type { CallContext } from '../common/call.js';
import type { GridService } from '../grid/service.js';

/**
 * The answers a check reads, each asked at most once however many items need it (docs/watchlist.md#requests):
 * the binding window store's sums (one /v1 request per dataset and window, shared with every grid screen) and the grid
 * verbs' answers (each one request, kept by the response cache).
 */

/** A window `[start, end)` of ISO instants. */
export interface Span {
  start: string;
  end: string;
}

/** What the look of an item reads; every method answers the same promise for the same arguments within one check. */
export interface WatchAnswers {
  /** The constraints that bound in a dataset's window, each summed (`binding:constraints`). */
  bound(
    datasetId: string,
    market: string,
    window: Span,
  ): Promise<Result<{ window: BindingWindowInfo; constraints: BoundConstraint[] }>>;
  /** The binding interval starts of some constraints (all when null) in a window. */
  intervals(datasetId: string, market: string, window: Span, ids: readonly string[] | null): Promise<Result<string[]>>;
  /** The outage tickets of a market active in a window (`outages:active`). */
  tickets(market: string, window: Span): Promise<Result<{ tickets: OutageTicket[]; truncated: boolean; synthetic: string[] }>>;
  /** A constraint's substations (`constraints:location`). */
  constraintPlace(constraintId: string): Promise<Result<ConstraintLocation & { synthetic: string[] }>>;
  /** A location's shift factor per constraint for a dataset (`locations:shiftFactors`). */
  shiftFactors(locationId: string, datasetId: string): Promise<Result<{ rows: ShiftFactorPerConstraint[]; synthetic: string[] }>>;
  /** The binding constraints of a window with their substations (`constraints:bindingLocations`). */
  bindingPlaces(
    datasetId: string,
    window: Span,
  ): Promise<Result<{ constraints: BindingConstraintWithLocations[]; synthetic: string[] }>>;
}

/** Most tickets and binding constraints asked for at once: the /v1 maximum of both endpoints. */
const FETCH_LIMIT = 100_000;

/** The services a check's answers come from. */
export interface AnswerSources {
  binding: Pick<BindingWindowService, 'constraints' | 'intervals'>;
  grid: Pick<GridService, 'activeOutages' | 'constraintLocation' | 'locationShiftFactors' | 'bindingLocations'>;
}

/** Answers shared by the checks of a few minutes: {@link AnswerMemo.with} gives them with a caller's signal. */
export interface AnswerMemo {
  with(ctx?: CallContext): WatchAnswers;
}

/**
 * A memo of {@link WatchAnswers}: each distinct call made once (in flight or answered) for as long as the memo is kept;
 * a failed answer is forgotten, so the next check asks again. Each call passes on the signal of the check that made it.
 */
export function createAnswerMemo(sources: AnswerSources): AnswerMemo {
  const asked = new Map<string, Promise<Result<unknown>>>();
  function once<T>(key: unknown[], ask: () => Promise<Result<T>>): Promise<Result<T>> {
    const k = JSON.stringify(key);
    let p = asked.get(k) as Promise<Result<T>> | undefined;
    if (!p) {
      p = ask();
      asked.set(k, p);
      void p.then((r) => (r.ok ? undefined : asked.delete(k)));
    }
    return p;
  }
  const { binding, grid } = sources;
  return {
    with: (ctx) => ({
      bound: (datasetId, market, window) =>
        once(['bound', datasetId, market, window], () => binding.constraints({ datasetId, market, window }, ctx)),
      intervals: (datasetId, market, window, ids) =>
        once(['intervals', datasetId, market, window, ids], async () => {
          const r = await binding.intervals({ datasetId, market, window, constraintIds: ids }, ctx);
          return r.ok ? ok(r.value.starts) : r;
        }),
      tickets: (market, window) =>
        once(['tickets', market, window], () => grid.activeOutages({ market, window, limit: FETCH_LIMIT }, ctx)),
      constraintPlace: (constraintId) => once(['place', constraintId], () => grid.constraintLocation({ constraintId }, ctx)),
      shiftFactors: (locationId, datasetId) =>
        once(['sf', locationId, datasetId], () => grid.locationShiftFactors({ locationId, datasetId }, ctx)),
      bindingPlaces: (datasetId, window) =>
        once(['places', datasetId, window], () => grid.bindingLocations({ datasetId, window, limit: FETCH_LIMIT }, ctx)),
    }),
  };
}
