import { Suspense, lazy } from 'react';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { useGridQuery } from '../../features/constraints/gridQueries.js';
import { SyntheticBadge } from '../../features/constraints/SyntheticBadge.js';

// Lazy: maplibre stays out of the main bundle until a detail page shows its map.
const ConstraintMiniMap = lazy(() => import('../../features/map/ConstraintMiniMap.js'));

/** Props of {@link MapSection}: the constraint and its name. */
export interface MapSectionProps {
  constraintId: string;
  name: string;
}

/**
 * The constraint's monitored facility on a small offline map (docs/api.md#constraint-location); the coordinates are
 * synthetic for PJM, and the badge says so.
 */
export function MapSection({ constraintId, name }: MapSectionProps) {
  const q = useGridQuery('constraints:location', { constraintId });
  const where = q.data ? { start: q.data.start ?? null, end: q.data.end ?? null } : null;
  const synthetic = (q.data?.synthetic ?? []).filter((f) => f === 'start' || f === 'end');
  return (
    <section className="card cs-section" aria-labelledby="cs-map-title">
      <h2 id="cs-map-title">
        Location <SyntheticBadge fields={synthetic} />
      </h2>
      {q.isPending && <Skeleton label="Loading the constraint's location…" rows={3} testId="location-loading" />}
      {q.isError && (
        <ErrorState
          error={q.error}
          what="the constraint's location"
          verb="constraints:location"
          onRetry={() => void q.refetch()}
        />
      )}
      {where && !where.start && !where.end && <p className="muted">No coordinates are mapped for this constraint.</p>}
      {where && (where.start || where.end) && (
        <>
          <Suspense fallback={<Skeleton label="Loading the map…" rows={3} testId="map-loading" />}>
            <ConstraintMiniMap name={name} start={where.start} end={where.end} synthetic={synthetic.length > 0} />
          </Suspense>
          <p className="muted cs-substations">{[where.start?.name, where.end?.name].filter(Boolean).join(' → ')}</p>
        </>
      )}
    </section>
  );
}
