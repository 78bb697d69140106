import { useMemo } from 'react';
import type { Feature, FeatureCollection } from 'geojson';
import type { BindingConstraintWithLocations } from '../../../../shared/schemas/constraints.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { useGridQuery } from '../../features/constraints/gridQueries.js';
import { segment } from '../../features/map/features.js';

/** How far from an outage's equipment a binding constraint's substations may be to count as overlapping, km. */
export const OVERLAP_DISTANCE_KM = 50;

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * The selection's data: the selected constraint's geometry (from the binding answer, else `constraints:location` when
 * it is not among the constraints drawn) and, for a selected outage, the constraints it overlapped
 * (`overlap:forOutage`, {@link OVERLAP_DISTANCE_KM}).
 */
export function useSelection(
  choice: GridChoice,
  constraintId: string | null,
  ticket: number | null,
  drawn: BindingConstraintWithLocations | null,
  bindingSettled: boolean,
) {
  const window = { start: choice.start, end: choice.end };
  const location = useGridQuery(
    'constraints:location',
    { constraintId: constraintId ?? '-' },
    { enabled: constraintId !== null && drawn === null && bindingSettled },
  );
  const overlap = useGridQuery(
    'overlap:forOutage',
    { datasetId: choice.datasetId, market: choice.market, ticket: ticket ?? 0, window, distanceKm: OVERLAP_DISTANCE_KM },
    { enabled: ticket !== null },
  );
  const located = constraintId !== null && drawn === null ? location.data : undefined;
  const start = drawn ? drawn.start : (located?.start ?? null);
  const end = drawn ? drawn.end : (located?.end ?? null);
  const geometry = useMemo((): FeatureCollection => {
    const g = constraintId === null ? null : segment(start, end);
    if (!g) return EMPTY;
    const f: Feature = { type: 'Feature', geometry: g, properties: { constraint_gs_entity_id: constraintId } };
    return { type: 'FeatureCollection', features: [f] };
  }, [constraintId, start, end]);
  const overlapIds = useMemo(
    () => (ticket === null ? [] : (overlap.data?.constraints ?? []).map((c) => c.constraint_gs_entity_id)),
    [ticket, overlap.data],
  );
  return { geometry, location, overlap, overlapIds, locatedName: located?.constraint_name ?? null };
}
