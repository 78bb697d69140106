import { gridSearch } from '../../features/constraints/gridChoice.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { NO_OUTAGE_FILTER, VOLTAGE_CLASSES } from '../../features/map/outageFilter.js';
import type { OutageFilter } from '../../features/map/outageFilter.js';
import { DEFAULT_STEP, STEPS } from '../../features/map/timeWindow.js';
import type { StepKey } from '../../features/map/timeWindow.js';

/**
 * The map page's own address parameters, next to the grid choice (dataset, market, window; features/constraints/gridChoice.ts):
 * `t` (slider instant, ISO UTC), `step` (`5m`, `1h`, `1d`), `top` (binding constraints drawn: a number or `all`),
 * `all=1` (every time, no time filter), `constraint` (selected constraint id), `ticket` (selected outage) and the outage
 * filters ({@link OUTAGE_FILTER_PARAMS}: one value each, absent for "any"). A bad value reads as its default, never throws.
 */

/** The "top N" choices of the binding constraints control, in the order offered. */
export const TOP_CHOICES = [10, 50, 100, 500, 'all'] as const;
/** One of {@link TOP_CHOICES}. */
export type TopChoice = (typeof TOP_CHOICES)[number];
/** The top-N a first visit draws. */
export const DEFAULT_TOP: TopChoice = 100;

/** The map's parameters read from its address. */
export interface MapParams {
  /** Slider instant (epoch ms) or null: the page picks one (window start, or the selected constraint's peak). */
  t: number | null;
  step: StepKey;
  top: TopChoice;
  allTimes: boolean;
  constraint: string | null;
  ticket: number | null;
  outages: OutageFilter;
}

/** The address parameter of each outage filter. */
export const OUTAGE_FILTER_PARAMS: Readonly<Record<keyof OutageFilter, string>> = {
  outageType: 'outage_type',
  status: 'outage_status',
  equipmentType: 'equipment_type',
  voltageClass: 'voltage_class',
  zone: 'zone',
};

// A filter value as the answers spell them (status, type, zone names): printable, at most 100 characters.
const VALUE = /^\P{Cc}{1,100}$/u;

function readOutageFilter(p: URLSearchParams): OutageFilter {
  const out: OutageFilter = { ...NO_OUTAGE_FILTER };
  for (const [key, name] of Object.entries(OUTAGE_FILTER_PARAMS) as [keyof OutageFilter, string][]) {
    const value = p.get(name);
    if (value !== null && VALUE.test(value)) out[key] = value;
  }
  if (!VOLTAGE_CLASSES.some((c) => c.label === out.voltageClass)) out.voltageClass = null;
  return out;
}

const ID = /^[A-Za-z0-9_.:-]{1,200}$/;

/** Reads {@link MapParams} from a search string (without `?`). */
export function readMapParams(search: string): MapParams {
  const p = new URLSearchParams(search);
  const tText = p.get('t');
  const t = tText && /[zZ]|[+-]\d\d:?\d\d$/.test(tText) ? Date.parse(tText) : NaN;
  const step = STEPS.find((s) => s.key === p.get('step'))?.key ?? DEFAULT_STEP;
  const topText = p.get('top');
  const top = TOP_CHOICES.find((c) => String(c) === topText) ?? DEFAULT_TOP;
  const constraint = p.get('constraint');
  const ticketText = p.get('ticket');
  const ticket = ticketText && /^\d{1,12}$/.test(ticketText) ? Number(ticketText) : null;
  return {
    t: Number.isFinite(t) ? t : null,
    step,
    top,
    allTimes: p.get('all') === '1',
    constraint: constraint && ID.test(constraint) ? constraint : null,
    ticket,
    outages: readOutageFilter(p),
  };
}

/** `ms` as the address writes instants: `2024-09-02T11:00:00Z`. */
export function isoInstant(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** The map's search string for `choice` and `params` (defaults of `step` and `top` left out). */
export function mapSearch(choice: GridChoice, params: MapParams): string {
  return gridSearch(choice, {
    t: params.t === null ? null : isoInstant(params.t),
    step: params.step === DEFAULT_STEP ? null : params.step,
    top: params.top === DEFAULT_TOP ? null : params.top,
    all: params.allTimes ? '1' : null,
    constraint: params.constraint,
    ticket: params.ticket,
    ...Object.fromEntries(
      (Object.entries(OUTAGE_FILTER_PARAMS) as [keyof OutageFilter, string][]).map(([key, name]) => [name, params.outages[key]]),
    ),
  });
}

/** The `limit` the binding verb gets for a top-N choice (`all` sends none: the service's default, 50,000). */
export function topLimit(top: TopChoice): number | undefined {
  return top === 'all' ? undefined : top;
}
