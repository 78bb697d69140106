import { DEFAULT_WATCH_DISTANCE_KM, ok } from '../../../shared/index.js';
import type { BindingWindowInfo, BoundConstraint, Result, WatchTarget } from '../../../shared/index.js';
import type { CurrentLook } from './changes.js';
import type { Span, WatchAnswers } from './answers.js';
import { inArea, ticketsInArea, ticketsNear } from './near.js';
import type { GeoPoint } from './near.js';
import type { LookWindows } from './windows.js';

/**
 * One look at a watched item over a window and the previous equal one (docs/watchlist.md#what-a-look-shows), from a
 * check's shared answers. What an item's cost is depends on its kind:
 * - a constraint: its absolute cost (Σ |shadow price| × interval hours, $/MW, docs/api.md#constraint-list);
 * - a location: Σ over constraints of its shift factor × the constraint's absolute cost, the location constraint
 *   costs' rule by constraint (docs/api.md#location-constraint-costs);
 * - a path: the sink's figure minus the source's, i.e. Σ (sink − source shift factor) × absolute cost;
 * - a map view: the absolute cost of the constraints in its area (all of the dataset's when it has none).
 */

/** Weights per constraint id: 1 for a constraint or map view, shift factors for a location or path. */
type Weights = Map<string, number>;

function weighted(constraints: readonly BoundConstraint[], weights: Weights): number {
  let sum = 0;
  for (const c of constraints) sum += (weights.get(c.constraint_gs_entity_id ?? '') ?? 0) * c.absolute_cost;
  return sum;
}

const geoPoints = (...ps: (GeoPoint | null | undefined)[]): GeoPoint[] => ps.flatMap((p) => (p ? [p] : []));
const older = (a: BindingWindowInfo, b: BindingWindowInfo): string =>
  Date.parse(a.fetchedAt) <= Date.parse(b.fetchedAt) ? a.fetchedAt : b.fetchedAt;

/** The constraints an item weighs, the points its near tickets are measured from, and the fields marked synthetic. */
interface Scope {
  weights: Weights | null;
  points: GeoPoint[];
  synthetic: string[];
}

async function scopeOf(target: WatchTarget, answers: WatchAnswers, span: Span): Promise<Result<Scope>> {
  switch (target.kind) {
    case 'constraint': {
      const place = await answers.constraintPlace(target.constraintId);
      if (!place.ok) return place;
      const points = geoPoints(place.value.start, place.value.end);
      return ok({ weights: new Map([[target.constraintId, 1]]), points, synthetic: place.value.synthetic });
    }
    case 'location': {
      const sf = await answers.shiftFactors(target.locationId, target.datasetId);
      if (!sf.ok) return sf;
      const weights = new Map(sf.value.rows.map((r) => [r.constraint_gs_entity_id, r.estimated_shift_factor]));
      const point = { latitude: target.latitude, longitude: target.longitude };
      const points = point.latitude == null || point.longitude == null ? [] : [point as GeoPoint];
      return ok({ weights, points, synthetic: sf.value.synthetic });
    }
    case 'path': {
      const [source, sink] = await Promise.all([
        answers.shiftFactors(target.sourceId, target.datasetId),
        answers.shiftFactors(target.sinkId, target.datasetId),
      ]);
      if (!source.ok) return source;
      if (!sink.ok) return sink;
      const weights: Weights = new Map();
      for (const r of sink.value.rows) weights.set(r.constraint_gs_entity_id, r.estimated_shift_factor);
      for (const r of source.value.rows)
        weights.set(r.constraint_gs_entity_id, (weights.get(r.constraint_gs_entity_id) ?? 0) - r.estimated_shift_factor);
      return ok({
        weights,
        points: target.points ?? [],
        synthetic: [...new Set([...source.value.synthetic, ...sink.value.synthetic])],
      });
    }
    case 'map': {
      if (!target.area) return ok({ weights: null, points: [], synthetic: [] });
      const places = await answers.bindingPlaces(target.datasetId, span);
      if (!places.ok) return places;
      const area = target.area;
      const inside = places.value.constraints.filter((c) => geoPoints(c.start, c.end).some((p) => inArea(p, area)));
      return ok({
        weights: new Map(inside.map((c) => [c.constraint_gs_entity_id, 1])),
        points: [],
        synthetic: places.value.synthetic,
      });
    }
  }
}

/**
 * The look at `target` over `windows`: binding intervals and cost in the window, cost in the previous one, and the
 * outage tickets near it active in the window. Errors: the first answer that failed (its code and message).
 */
export async function lookAt(target: WatchTarget, windows: LookWindows, answers: WatchAnswers): Promise<Result<CurrentLook>> {
  const { window, previous } = windows;
  const { datasetId, market } = target;
  // Constraint substations do not move: one binding-with-locations answer over both windows places a map view's constraints.
  const scope = await scopeOf(target, answers, { start: previous.start, end: window.end });
  if (!scope.ok) return scope;
  const { weights, points } = scope.value;
  const [now, before, tickets] = await Promise.all([
    answers.bound(datasetId, market, window),
    answers.bound(datasetId, market, previous),
    answers.tickets(market, window),
  ]);
  if (!now.ok) return now;
  if (!before.ok) return before;
  if (!tickets.ok) return tickets;
  // A location's or path's intervals are those of the constraints that move its price (a non-zero weight).
  const ids = weights === null ? null : [...weights].filter(([, w]) => w !== 0).map(([id]) => id);
  const starts = await answers.intervals(datasetId, market, window, ids);
  if (!starts.ok) return starts;
  const all = (cs: readonly BoundConstraint[]) => cs.reduce((s, c) => s + c.absolute_cost, 0);
  const cost = (cs: readonly BoundConstraint[]) => (weights === null ? all(cs) : weighted(cs, weights));
  // A location or path without shift factors for the dataset has no cost there, which is not a cost of 0.
  const hasCost = weights === null || weights.size > 0 || target.kind === 'map';
  const near =
    target.kind === 'map'
      ? ticketsInArea(tickets.value.tickets, target.area ?? null)
      : ticketsNear(tickets.value.tickets, points, target.distanceKm ?? DEFAULT_WATCH_DISTANCE_KM);
  const list = starts.value;
  return ok({
    window,
    previous,
    bindingIntervals: list.length,
    latestIntervalUtc: list.at(-1) ?? null,
    intervalStarts: list,
    cost: hasCost ? cost(now.value.constraints) : null,
    previousCost: hasCost ? cost(before.value.constraints) : null,
    tickets: near,
    truncated: tickets.value.truncated,
    limitReached: now.value.window.limitReached || before.value.window.limitReached,
    synthetic: [...new Set([...scope.value.synthetic, ...now.value.window.synthetic, ...tickets.value.synthetic])].sort(),
    asOf: older(now.value.window, before.value.window),
  });
}
