import type { Feature, FeatureCollection, LineString, Point, Position } from 'geojson';
import type { PricingLocation } from '../../../../shared/bridge/grid.js';
import type {
  BindingConstraintWithLocations,
  BindingObservation,
  SubstationLocation,
} from '../../../../shared/schemas/constraints.js';
import type { OutageTicket } from '../../../../shared/schemas/outages.js';

/**
 * GeoJSON features of the map's data layers, built from the verb answers. Properties are flat scalars (maplibre
 * flattens anything else); times are epoch ms so the time filter compares numbers (timeWindow.ts).
 */

/** A contiguous stretch of a constraint's binding intervals, `[start_ms, end_ms)`. */
export interface BindingRun {
  start_ms: number;
  end_ms: number;
  /** Largest |shadow price| inside the run ($/MWh). */
  peak_abs_shadow_price: number;
  interval_count: number;
}

/** Properties of a binding constraint feature: one per constraint and binding run. */
export interface ConstraintProps {
  constraint_gs_entity_id: string;
  constraint_name: string;
  /** The constraint's peak |shadow price| over the whole window ($/MWh): colour and width. */
  peak_abs_shadow_price: number;
  run_peak_abs_shadow_price: number;
  interval_count: number;
  start_ms: number;
  end_ms: number;
}

/** Properties of an outage equipment feature; `start_ms`/`end_ms` are the ticket's current interval. */
export interface OutageProps {
  ticket: number;
  status: string;
  outage_type: string;
  is_synthetic: boolean;
  start_ms: number;
  end_ms: number;
  equipment_name: string;
  equipment_type: string;
  voltage: number;
}

/** Line and point features of one layer family, plus what could not be placed (no coordinates). */
export interface LayerFeatures<P> {
  lines: FeatureCollection<LineString, P>;
  points: FeatureCollection<Point, P>;
  unplaced: number;
}

const collection = <G extends LineString | Point, P>(features: Feature<G, P>[]): FeatureCollection<G, P> => ({
  type: 'FeatureCollection',
  features,
});

const position = (s: SubstationLocation): Position => [s.longitude, s.latitude];

/**
 * Merges observations into runs: sorted by start, an observation starting at or before the current run's end extends
 * it (5-minute intervals back to back make one run). Unreadable times are skipped.
 */
export function bindingRuns(observations: readonly BindingObservation[]): BindingRun[] {
  const spans = observations
    .map((o) => ({ s: Date.parse(o.interval_start_utc), e: Date.parse(o.interval_end_utc), p: Math.abs(o.shadow_price) }))
    .filter((o) => Number.isFinite(o.s) && Number.isFinite(o.e) && o.e > o.s)
    .sort((a, b) => a.s - b.s);
  const runs: BindingRun[] = [];
  for (const o of spans) {
    const last = runs.at(-1);
    if (last && o.s <= last.end_ms) {
      last.end_ms = Math.max(last.end_ms, o.e);
      last.peak_abs_shadow_price = Math.max(last.peak_abs_shadow_price, o.p);
      last.interval_count += 1;
    } else runs.push({ start_ms: o.s, end_ms: o.e, peak_abs_shadow_price: o.p, interval_count: 1 });
  }
  return runs;
}

/** A line from `a` to `b`, a point when only one is known or both are the same place, null when neither is. */
export function segment(a: SubstationLocation | null, b: SubstationLocation | null): LineString | Point | null {
  if (a && b && (a.latitude !== b.latitude || a.longitude !== b.longitude))
    return { type: 'LineString', coordinates: [position(a), position(b)] };
  const one = a ?? b;
  return one ? { type: 'Point', coordinates: position(one) } : null;
}

function split<P>(items: { geometry: LineString | Point | null; props: P }[]): LayerFeatures<P> {
  const lines: Feature<LineString, P>[] = [];
  const points: Feature<Point, P>[] = [];
  let unplaced = 0;
  for (const { geometry, props } of items) {
    if (!geometry) unplaced += 1;
    else if (geometry.type === 'LineString') lines.push({ type: 'Feature', geometry, properties: props });
    else points.push({ type: 'Feature', geometry, properties: props });
  }
  return { lines: collection(lines), points: collection(points), unplaced };
}

/** Binding constraint features: one per constraint and binding run ({@link bindingRuns}); `unplaced` counts constraints. */
export function constraintFeatures(constraints: readonly BindingConstraintWithLocations[]): LayerFeatures<ConstraintProps> {
  const placed = constraints.map((c) => ({ c, geometry: segment(c.start, c.end) }));
  const out = split(
    placed.flatMap(({ c, geometry }) =>
      bindingRuns(c.observations).map((run) => ({
        geometry,
        props: {
          constraint_gs_entity_id: c.constraint_gs_entity_id,
          constraint_name: c.constraint_name,
          peak_abs_shadow_price: c.peak_abs_shadow_price,
          run_peak_abs_shadow_price: run.peak_abs_shadow_price,
          interval_count: run.interval_count,
          start_ms: run.start_ms,
          end_ms: run.end_ms,
        },
      })),
    ),
  );
  return { ...out, unplaced: placed.filter((p) => !p.geometry).length };
}

/** Outage features: one per piece of equipment, from_substation → to_substation; `unplaced` counts equipment. */
export function outageFeatures(tickets: readonly OutageTicket[]): LayerFeatures<OutageProps> {
  return split(
    tickets.flatMap((t) => {
      const start_ms = Date.parse(t.current_interval_start_utc);
      const end_ms = Date.parse(t.current_interval_end_utc);
      return t.equipment.map((e) => ({
        geometry: segment(e.from_substation, e.to_substation),
        props: {
          ticket: t.ticket,
          status: t.status,
          outage_type: t.outage_type,
          is_synthetic: t.is_synthetic,
          start_ms,
          end_ms,
          equipment_name: e.equipment_name,
          equipment_type: e.equipment_type,
          voltage: e.voltage,
        },
      }));
    }),
  );
}

/** One point per outage feature (a line's midpoint): the input of the clustered source when outages are dense. */
export function outageMidpoints(features: LayerFeatures<OutageProps>): FeatureCollection<Point, OutageProps> {
  const mid = (f: Feature<LineString, OutageProps>): Feature<Point, OutageProps> => {
    const [a, b] = [f.geometry.coordinates[0]!, f.geometry.coordinates.at(-1)!];
    return {
      type: 'Feature',
      properties: f.properties,
      geometry: { type: 'Point', coordinates: [(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2] },
    };
  };
  return collection([...features.lines.features.map(mid), ...features.points.features]);
}

/** Pricing location points (real CommonGrid hubs and zones); locations without coordinates are left out. */
export function locationFeatures(locations: readonly PricingLocation[]): FeatureCollection<Point> {
  return collection(
    // A location whose coordinates are not known is listed by the picker but not drawn.
    locations.flatMap((l) =>
      l.latitude !== null && l.longitude !== null && Number.isFinite(l.latitude) && Number.isFinite(l.longitude)
        ? [
            {
              type: 'Feature' as const,
              geometry: { type: 'Point' as const, coordinates: [l.longitude, l.latitude] },
              properties: {
                gs_entity_id: l.gs_entity_id,
                name: l.name,
                location_type: l.location_type ?? '',
                market_id: l.market_id,
              },
            },
          ]
        : [],
    ),
  );
}

/** `[[west, south], [east, north]]` around every coordinate of `collections`; null when they hold none. */
export function boundsOf(...collections: FeatureCollection<LineString | Point>[]): [[number, number], [number, number]] | null {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const c of collections)
    for (const f of c.features) {
      const coords = f.geometry.type === 'Point' ? [f.geometry.coordinates] : f.geometry.coordinates;
      for (const [x, y] of coords as [number, number][]) {
        w = Math.min(w, x);
        e = Math.max(e, x);
        s = Math.min(s, y);
        n = Math.max(n, y);
      }
    }
  return Number.isFinite(w)
    ? [
        [w, s],
        [e, n],
      ]
    : null;
}
