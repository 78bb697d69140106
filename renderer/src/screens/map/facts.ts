import type { BindingConstraintWithLocations } from '../../../../shared/schemas/constraints.js';
import type { OutageTicket } from '../../../../shared/schemas/outages.js';
import { gridSearch } from '../../features/constraints/gridChoice.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { formatUtc, formatWindow } from '../../lib/format.js';
import { figure, formatNumber } from '../../../../shared/vocabulary/index.js';
import { hrefs } from '../../lib/router.js';
import { overlaps } from '../../features/map/timeWindow.js';
import type { ShownWindow } from '../../features/map/timeWindow.js';
import { SYNTHETIC_COORDINATES, SYNTHETIC_STATIONS, SYNTHETIC_TICKET } from '../../features/map/synthetic.js';

/**
 * What a popup and the selection panel say about a constraint or an outage, as plain data: the popup draws it with
 * DOM text nodes (popupContent.ts), the panel with React (SelectionPanel.tsx), so both always say the same.
 */

/** One labelled value. */
export interface Fact {
  label: string;
  value: string;
}

/** An observation row of the nested table. */
export interface ObservationRow {
  start: string;
  shadowPrice: string;
  contingency: string;
}

/** Facts of a binding constraint. */
export interface ConstraintFacts {
  kind: 'constraint';
  id: string;
  title: string;
  facts: Fact[];
  /** The badge ("Synthetic coordinates") and its sentence when its coordinates are synthetic, else null. */
  badge: string | null;
  synthetic: string | null;
  observationsCaption: string;
  observations: ObservationRow[];
  /** Observations in the window beyond the cap ("… N more"). */
  more: number;
  links: { details: string; table: string };
}

/** Facts of an outage ticket. */
export interface OutageFacts {
  kind: 'outage';
  ticket: number;
  title: string;
  facts: Fact[];
  /** "Synthetic ticket", or "Synthetic coordinates" for a real ticket at generated stations; null when all is real. */
  badge: string | null;
  synthetic: string | null;
  causes: string[];
  equipment: string[];
}

/** `2024-09-02T04:15:00Z` → `09-02 04:15` (the table's caption says UTC). */
const shortUtc = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().slice(5, 16).replace('T', ' ');
};
const price = (v: number) => formatNumber(v, 'money');

/**
 * A constraint's facts; its observations are those overlapping `window` (all when null), in time order, at most `cap`.
 * `coordinatesSynthetic`: the answer's `x-gridscope-synthetic` named `start`/`end`.
 */
export function constraintFacts(
  c: BindingConstraintWithLocations,
  options: { window: ShownWindow | null; choice: GridChoice; coordinatesSynthetic: boolean; cap: number },
): ConstraintFacts {
  const { window, choice, cap } = options;
  const inWindow = c.observations.filter(
    (o) => !window || overlaps(Date.parse(o.interval_start_utc), Date.parse(o.interval_end_utc), window),
  );
  const place = [c.start?.name, c.end?.name].filter(Boolean).join(' → ');
  return {
    kind: 'constraint',
    id: c.constraint_gs_entity_id,
    title: c.constraint_name,
    facts: [
      figure('peak_abs_shadow_price', c.peak_abs_shadow_price),
      { label: 'Peak interval', value: formatUtc(c.peak_interval_start_utc) },
      figure('binding_interval_count', c.binding_interval_count),
      figure('contingency_count', c.contingencies.length),
      { label: 'Substations', value: place || 'no coordinates' },
    ],
    badge: options.coordinatesSynthetic ? 'Synthetic coordinates' : null,
    synthetic: options.coordinatesSynthetic ? SYNTHETIC_COORDINATES : null,
    observationsCaption: window ? 'Binding in the shown window' : 'Binding intervals',
    observations: inWindow.slice(0, cap).map((o) => ({
      start: shortUtc(o.interval_start_utc),
      shadowPrice: price(o.shadow_price),
      contingency: o.contingency_name ?? 'base case',
    })),
    more: Math.max(0, inWindow.length - cap),
    links: {
      details: hrefs.constraint(c.constraint_gs_entity_id, gridSearch(choice)),
      table: hrefs.constraints(gridSearch(choice, { selected: c.constraint_gs_entity_id })),
    },
  };
}

/**
 * An outage ticket's facts: type, status, current interval, causes and one line per piece of equipment.
 * `coordinatesSynthetic`: the answer's `x-gridscope-synthetic` named `from_substation`/`to_substation`.
 */
export function outageFacts(t: OutageTicket, coordinatesSynthetic: boolean): OutageFacts {
  return {
    kind: 'outage',
    ticket: t.ticket,
    title: `Outage ticket ${t.ticket}`,
    facts: [
      { label: 'Outage type', value: t.outage_type },
      { label: 'Status', value: t.status },
      { label: 'Interval', value: formatWindow(t.current_interval_start_utc, t.current_interval_end_utc) },
    ],
    badge: t.is_synthetic ? 'Synthetic ticket' : coordinatesSynthetic ? 'Synthetic coordinates' : null,
    synthetic: t.is_synthetic ? SYNTHETIC_TICKET : coordinatesSynthetic ? SYNTHETIC_STATIONS : null,
    causes: t.causes,
    equipment: t.equipment.map((e) => {
      const ends = [e.station_1, e.station_2].filter((s, i, all) => s && all.indexOf(s) === i).join(' → ');
      return `${e.equipment_type} ${e.equipment_name} · ${e.voltage} kV · ${ends || e.facility_name}`;
    }),
  };
}
