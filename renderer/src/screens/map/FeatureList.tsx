import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { formatInstantRange } from '../../../../shared/time/format.js';
import { formatFigure, formatNumber, termOf } from '../../../../shared/vocabulary/index.js';
import { minutesToMs } from '../../features/map/mapColumns.js';
import type { MapRows } from '../../features/map/mapRows.js';
import { categoryValue } from '../../features/map/mapRows.js';
import type { MapPick } from '../../features/map/picking.js';
import type { ShownFeature } from '../../features/map/shownList.js';
import { equipmentText } from '../../features/map/shownList.js';

/** Rows listed at first, and added by each "Show more": a window may hold thousands of tickets. */
export const FEATURE_PAGE = 25;

const peak = termOf('peak_abs_shadow_price');
const keyOf = (f: ShownFeature) => (f.kind === 'constraint' ? `constraint:${f.id}` : `ticket:${f.ticket}`);

/** One entry's words: the name, then the peak or the equipment, status, outage type and interval in `zone`. */
function entryText(f: ShownFeature, rows: MapRows, zone: string): { title: string; detail: string } {
  if (f.kind === 'constraint')
    return { title: f.name, detail: `Binding constraint · ${peak.label} ${formatFigure(peak, f.peak)}` };
  const e = rows.equipment;
  const more = f.equipment > 1 ? ` and ${formatNumber(f.equipment - 1, 'count')} more` : '';
  const interval = formatInstantRange(minutesToMs(f.start, rows.originMs), minutesToMs(f.end, rows.originMs), zone);
  return {
    title: `Outage ticket ${f.ticket}`,
    detail: `${equipmentText(rows, f.row)}${more} · ${categoryValue(e.status, f.row) ?? ''} · ${
      categoryValue(e.outageType, f.row) ?? ''
    } · out ${interval}`,
  };
}

/**
 * The features drawn in the shown window as a list of buttons beside the map, so a constraint or an outage can be
 * selected without a pointer (docs/accessibility.md): one Tab stop, ↑/↓/Home/End move between entries, Enter or Space
 * selects as a click on the map does (`onPick`), Escape clears the selection. Lists {@link FEATURE_PAGE} entries and
 * more on demand.
 */
export function FeatureList({
  features,
  rows,
  zone,
  selected,
  onPick,
  onClear,
}: {
  features: ShownFeature[];
  rows: MapRows;
  zone: string;
  /** The selected entry's key (`constraint:<id>` or `ticket:<n>`), or null. */
  selected: string | null;
  onPick: (pick: MapPick) => void;
  onClear: () => void;
}) {
  const [limit, setLimit] = useState(FEATURE_PAGE);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const listed = features.slice(0, limit);
  // The one Tab stop: the entry last moved to, kept inside the list when it shrinks.
  const current = Math.min(active, Math.max(0, listed.length - 1));

  const focus = (i: number) => {
    setActive(i);
    list.current?.querySelectorAll<HTMLButtonElement>('button')[i]?.focus();
  };
  const onKeyDown = (ev: KeyboardEvent<HTMLUListElement>) => {
    const to = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: listed.length - 1 }[ev.key];
    if (to !== undefined) {
      ev.preventDefault();
      focus(Math.max(0, Math.min(listed.length - 1, to)));
    } else if (ev.key === 'Escape' && selected !== null) {
      ev.preventDefault();
      onClear();
    }
  };
  const pick = (f: ShownFeature) =>
    onPick(
      f.kind === 'constraint'
        ? { kind: 'constraint', id: f.id, name: f.name, row: f.row }
        : { kind: 'outage', ticket: f.ticket, row: f.row },
    );

  return (
    <details className="map-card map-feature-list" data-testid="map-feature-list" open>
      <summary>
        <h2>Features in the shown window ({formatNumber(features.length, 'count')})</h2>
      </summary>
      {features.length === 0 ? (
        <p className="muted">Nothing drawn in the shown window.</p>
      ) : (
        <>
          <p className="muted map-feature-keys">↑ ↓ move · Enter selects · Escape clears the selection</p>
          <ul ref={list} aria-label="Features in the shown window" onKeyDown={onKeyDown}>
            {listed.map((f, i) => {
              const key = keyOf(f);
              const text = entryText(f, rows, zone);
              return (
                <li key={key}>
                  <button
                    type="button"
                    className="map-feature"
                    data-pick={key}
                    tabIndex={i === current ? 0 : -1}
                    aria-pressed={key === selected}
                    onFocus={() => setActive(i)}
                    onClick={() => pick(f)}
                  >
                    <span className="map-feature-title">{text.title}</span>
                    <span className="map-feature-detail">{text.detail}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          {features.length > limit && (
            <button type="button" className="link-button" onClick={() => setLimit((n) => n + FEATURE_PAGE * 4)}>
              Show {formatNumber(Math.min(FEATURE_PAGE * 4, features.length - limit), 'count')} more of{' '}
              {formatNumber(features.length - limit, 'count')}
            </button>
          )}
        </>
      )}
    </details>
  );
}
