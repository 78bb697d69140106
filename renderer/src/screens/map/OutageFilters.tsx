import type { MapRows } from '../../features/map/mapRows.js';
import { NO_OUTAGE_FILTER, VOLTAGE_CLASSES, choicesOf, isFiltered } from '../../features/map/outageFilter.js';
import type { OutageFilter } from '../../features/map/outageFilter.js';

/** Props of {@link OutageFilters}. */
export interface OutageFiltersProps {
  rows: MapRows | null;
  filter: OutageFilter;
  onFilter: (filter: OutageFilter) => void;
  includeCancelled: boolean;
  onIncludeCancelled: (include: boolean) => void;
  /** Cancelled tickets of the window left out by main (shown only when asked for). */
  cancelledTickets: number;
}

/**
 * The outage filters: outage type, status, equipment type, voltage class and zone (each "Any" or one value of the
 * answer), and whether Cancelled tickets are drawn (never out of service, so left out unless asked for).
 */
export function OutageFilters({
  rows,
  filter,
  onFilter,
  includeCancelled,
  onIncludeCancelled,
  cancelledTickets,
}: OutageFiltersProps) {
  const e = rows?.equipment;
  const fields: { key: keyof OutageFilter; label: string; choices: string[] }[] = [
    { key: 'outageType', label: 'Outage type', choices: e ? choicesOf(e.outageType) : [] },
    { key: 'status', label: 'Status', choices: e ? choicesOf(e.status) : [] },
    { key: 'equipmentType', label: 'Equipment type', choices: e ? choicesOf(e.equipmentType) : [] },
    { key: 'voltageClass', label: 'Voltage class', choices: VOLTAGE_CLASSES.map((c) => c.label) },
    { key: 'zone', label: 'Zone', choices: e ? choicesOf(e.zone) : [] },
  ];
  return (
    <fieldset className="map-card outage-filters" data-testid="outage-filters">
      <legend>Outage filters</legend>
      <div className="outage-filter-grid">
        {fields.map((f) => (
          <label key={f.key}>
            <span>{f.label}</span>
            <select value={filter[f.key] ?? ''} onChange={(ev) => onFilter({ ...filter, [f.key]: ev.target.value || null })}>
              <option value="">Any</option>
              {f.choices.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <label className="cancelled-toggle">
        <input type="checkbox" checked={includeCancelled} onChange={(ev) => onIncludeCancelled(ev.target.checked)} /> Show
        Cancelled tickets
        {!includeCancelled && cancelledTickets > 0 && (
          <span className="muted"> ({cancelledTickets.toLocaleString('en-US')} in the window)</span>
        )}
      </label>
      {isFiltered(filter) && (
        <button type="button" className="link-button" onClick={() => onFilter(NO_OUTAGE_FILTER)}>
          Clear outage filters
        </button>
      )}
    </fieldset>
  );
}
