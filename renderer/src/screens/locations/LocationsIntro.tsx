import { formatSource } from '../../lib/format.js';
import { hrefs } from '../../lib/router.js';
import { useConstraintDatasets } from '../../features/constraints/useConstraintDatasets.js';
import { useAllLocations } from '../../features/constraints/locationQueries.js';

/** Hubs offered as one-click starting points. */
const QUICK_HUBS = 8;

/**
 * What the locations page is for when no location is picked: what a location shows, which markets have constraint
 * data (the markets of the constraint datasets), and a few hubs of those markets to start from. `search` is the grid
 * search the hub links carry (dataset, window).
 */
export function LocationsIntro({ search }: { search: string }) {
  const { options, query } = useConstraintDatasets();
  const all = useAllLocations();
  const markets = [...new Set(options.map((o) => o.market).filter((m): m is string => !!m))].sort();
  const others = [...new Set((all.data ?? []).map((l) => l.market_id))].filter((m) => !markets.includes(m));
  const hubs = (all.data ?? [])
    .filter((l) => l.location_type === 'hub' && markets.includes(l.market_id))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, QUICK_HUBS);
  return (
    <section className="card loc-intro" aria-label="Getting started" data-testid="locations-intro">
      <p>
        Pick a hub or zone above: its page shows what congestion cost there over a window (each binding constraint’s cost × the
        location’s shift factor) and how strongly each constraint moves its price.
      </p>
      <p data-testid="constraint-markets">
        {markets.length > 0 ? (
          <>
            Constraint data: <strong>{markets.map(formatSource).join(', ')}</strong>.
            {others.length > 0 &&
              ` Hubs and zones of ${others.map(formatSource).join(', ')} are listed too, without constraint costs.`}
          </>
        ) : query.isPending ? (
          'Finding the markets with constraint data…'
        ) : query.isError ? (
          'Could not tell which markets have constraint data.'
        ) : (
          'This service has no constraint data.'
        )}
      </p>
      {hubs.length > 0 && (
        <nav aria-label="Hubs to start from">
          <span className="muted">Start from a hub: </span>
          <ul className="loc-quick">
            {hubs.map((h) => (
              <li key={h.gs_entity_id}>
                <a href={hrefs.locations(h.gs_entity_id, search)}>{h.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
