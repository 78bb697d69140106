import { useMemo } from 'react';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { useGridQuery } from '../../features/constraints/gridQueries.js';
import type { Halo } from '../../features/map/deckLayers.js';
import type { FeatureRows, MapRows } from '../../features/map/mapRows.js';
import { topLimit } from './route.js';
import type { TopChoice } from './route.js';

/** How far from an outage's equipment a binding constraint's substations may be to count as overlapping, km. */
export const OVERLAP_DISTANCE_KM = 50;

const NONE: Halo[] = [];

/** The halo of row `i`: its two ends. */
const haloOf = (r: FeatureRows, i: number): Halo => ({ from: [r.fromLon[i]!, r.fromLat[i]!], to: [r.toLon[i]!, r.toLat[i]!] });

/** The first row of each constraint in `ids` (one halo per constraint, whatever its runs). */
function constraintRows(rows: MapRows, ids: ReadonlySet<string>): number[] {
  const wanted = new Set(rows.runs.id.values.flatMap((v, k) => (ids.has(v) ? [k] : [])));
  const seen = new Set<number>();
  const out: number[] = [];
  for (const i of rows.runs.placed) {
    const code = rows.runs.id.codes[i]!;
    if (wanted.has(code) && !seen.has(code)) {
      seen.add(code);
      out.push(i);
    }
  }
  return out;
}

/**
 * The selection's data, each asked for on demand: the selected constraint's observations (`map:constraintDetail`; its
 * place from the rows, or `constraints:location` when it is not among the constraints drawn), the selected ticket
 * (`map:ticket`) and the constraints it overlapped (`overlap:forOutage`, {@link OVERLAP_DISTANCE_KM}); and the haloes.
 */
export function useSelection(
  choice: GridChoice,
  top: TopChoice,
  constraintId: string | null,
  ticket: number | null,
  rows: MapRows | null,
) {
  const window = { start: choice.start, end: choice.end };
  const drawn = constraintId !== null && rows !== null && rows.runs.id.values.includes(constraintId);
  const limit = topLimit(top);
  const detail = useGridQuery(
    'map:constraintDetail',
    { datasetId: choice.datasetId, window, constraintId: constraintId ?? '-', ...(limit === undefined ? {} : { limit }) },
    { enabled: drawn },
  );
  const location = useGridQuery(
    'constraints:location',
    { constraintId: constraintId ?? '-' },
    { enabled: constraintId !== null && rows !== null && !drawn },
  );
  const outage = useGridQuery(
    'map:ticket',
    { market: choice.market, window, ticket: ticket ?? 0 },
    { enabled: ticket !== null && rows !== null },
  );
  const overlap = useGridQuery(
    'overlap:forOutage',
    { datasetId: choice.datasetId, market: choice.market, ticket: ticket ?? 0, window, distanceKm: OVERLAP_DISTANCE_KM },
    { enabled: ticket !== null },
  );
  const located = constraintId !== null && !drawn ? location.data : undefined;
  const overlapIds = useMemo(
    () => (ticket === null ? [] : (overlap.data?.constraints ?? []).map((c) => c.constraint_gs_entity_id)),
    [ticket, overlap.data],
  );
  const constraintHalo = useMemo((): Halo[] => {
    const ids = new Set(overlapIds);
    if (constraintId) ids.add(constraintId);
    const out = rows && ids.size ? constraintRows(rows, ids).map((i) => haloOf(rows.runs, i)) : [];
    const a = located?.start ?? located?.end;
    const b = located?.end ?? located?.start;
    if (a && b) out.push({ from: [a.longitude, a.latitude], to: [b.longitude, b.latitude] });
    return out.length ? out : NONE;
  }, [rows, constraintId, overlapIds, located]);
  const ticketHalo = useMemo((): Halo[] => {
    if (!rows || ticket === null) return NONE;
    const e = rows.equipment;
    return Array.from(e.placed)
      .filter((i) => e.ticket[i] === ticket)
      .map((i) => haloOf(e, i));
  }, [rows, ticket]);
  return {
    detail,
    location,
    outage,
    overlap,
    overlapIds,
    constraintHalo,
    ticketHalo,
    drawn,
    locatedName: located?.constraint_name ?? null,
  };
}
