import { useEffect, useId, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { LocationIndexStatus, PricingLocation } from '../../../../shared/bridge/grid.js';
import { formatSource } from '../../lib/format.js';
import { useAllLocations, useLocationIndex, useLocationSearch } from '../../features/constraints/locationQueries.js';

/** How long typing rests before the search is asked, in ms. */
const TYPING_MS = 150;

function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** "Hub" / "Zone" for a location type; "Location" when the type is not known. */
export const locationTypeLabel = (type: string | null): string =>
  type ? type.charAt(0).toUpperCase() + type.slice(1) : 'Location';

/**
 * "Finding locations with data… 12 of 74 constraints" while the index reads constraints; null once it is ready or idle,
 * and during a check that finds nothing new to read (every constraint already read).
 */
export function indexProgressText(status: LocationIndexStatus | undefined): string | null {
  if (status?.state !== 'building' || (status.total > 0 && status.done >= status.total)) return null;
  return `Finding locations with data…${status.total > 0 ? ` ${status.done} of ${status.total} constraints` : ''}`;
}

/** Props of {@link LocationPicker}: `onPick` gets the chosen location (the page navigates to it). */
export interface LocationPickerProps {
  onPick: (location: PricingLocation) => void;
}

/**
 * A pricing-location combobox (WAI-ARIA combobox with a listbox): type part of a name, narrow by market, pick with
 * the mouse or ArrowUp/ArrowDown and Enter; Escape closes the list, then clears the text. It offers only locations
 * with data, and says how far their index is while it builds.
 */
export function LocationPicker({ onPick }: LocationPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [market, setMarket] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useSettled(text.trim(), TYPING_MS);
  const found = useLocationSearch(search, market, open);
  const options = found.data ?? [];
  const all = useAllLocations();
  const markets = useMemo(() => [...new Set((all.data ?? []).map((l) => l.market_id))].sort(), [all.data]);
  const progress = indexProgressText(useLocationIndex().data);
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));

  const pick = (l: PricingLocation | undefined) => {
    if (!l) return;
    setOpen(false);
    setText('');
    onPick(l);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive(open ? Math.min(Math.max(activeIndex + step, 0), Math.max(0, options.length - 1)) : 0);
      setOpen(true);
    } else if (e.key === 'Enter' && open) pick(options[activeIndex]);
    else if (e.key === 'Escape') {
      if (open) setOpen(false);
      else setText('');
    } else return;
    e.preventDefault();
  };

  return (
    <div className="location-picker" data-testid="location-picker">
      <label className="choice-field">
        <span>Market</span>
        <select value={market} onChange={(e) => setMarket(e.target.value)} data-testid="location-market">
          <option value="">All markets</option>
          {markets.map((m) => (
            <option key={m} value={m}>
              {formatSource(m)}
            </option>
          ))}
        </select>
      </label>
      <div className="combobox">
        <label className="combobox-label" htmlFor={`${id}-input`}>
          Pricing location
        </label>
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && options.length > 0 ? `${id}-opt-${activeIndex}` : undefined}
          placeholder="Search hubs and zones by name, e.g. Western Hub"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          data-testid="location-search"
        />
        {progress && (
          <p className="muted" role="status" data-testid="location-index">
            {progress}
          </p>
        )}
        {open && (
          <ul id={listId} role="listbox" aria-label="Pricing locations" className="combobox-list">
            {found.isError && <li className="combobox-note">Could not search the pricing locations.</li>}
            {!found.isError && found.data && options.length === 0 && (
              <li className="combobox-note">No pricing location matches “{search}”.</li>
            )}
            {options.map((l, i) => (
              <li
                key={l.gs_entity_id}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={i === activeIndex}
                className={i === activeIndex ? 'active' : undefined}
                // Keep the focus in the input, so the click lands before the list closes on blur.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(l)}
              >
                <span>{l.name}</span>{' '}
                <span className="muted">
                  {locationTypeLabel(l.location_type)} · {formatSource(l.market_id)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
