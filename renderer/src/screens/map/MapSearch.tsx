import { useId, useState } from 'react';
import type { StationLabel } from '../../features/map/labelLayers.js';
import type { MapRows } from '../../features/map/mapRows.js';
import { searchRows } from './searchIndex.js';
import type { SearchHit } from './searchIndex.js';

/**
 * The map's search: a constraint by name, an outage ticket by number or a substation by name, among what the map holds;
 * choosing a result (click, or Enter for the first) hands it to the page, which selects it and flies to it.
 */
export function MapSearch({
  rows,
  stations,
  onFound,
}: {
  rows: MapRows | null;
  stations: readonly StationLabel[];
  onFound: (hit: SearchHit) => void;
}) {
  const [query, setQuery] = useState('');
  const listId = useId();
  const hits = rows && query.trim() ? searchRows(rows, stations, query) : [];
  const choose = (hit: SearchHit) => {
    setQuery('');
    onFound(hit);
  };
  return (
    <div className="map-search" role="search">
      <input
        type="search"
        aria-label="Find a constraint, ticket or substation"
        placeholder="Find a constraint, ticket or substation"
        value={query}
        // Only while the results list exists: an id that names nothing is an invalid aria-controls.
        aria-controls={query.trim() !== '' ? listId : undefined}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && hits[0]) {
            e.preventDefault();
            choose(hits[0]);
          } else if (e.key === 'Escape') setQuery('');
        }}
      />
      {query.trim() !== '' && (
        <ul id={listId} className="map-search-results" aria-label="Search results">
          {hits.length === 0 && <li className="muted">Nothing on the map matches.</li>}
          {hits.map((h) => (
            <li key={`${h.kind}:${h.label}`}>
              <button type="button" className="link-button" onClick={() => choose(h)}>
                {h.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
