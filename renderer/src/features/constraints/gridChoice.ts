/**
 * What the grid pages (constraints, constraint detail, locations, binding, map) keep in their address
 * (`?dataset=…&start=…&end=…`), so Back, a reload and a link from one page to another keep the same
 * dataset and window. Unknown or unreadable values fall back to the defaults, never throw.
 */

/** The constraint datasets' shared choices: a binding dataset and a window `[start, end)` of UTC instants. */
export interface GridChoice {
  /** Constraint dataset id, e.g. `pjm_marginal_value_real_time_5_min`. */
  datasetId: string;
  /** Market of the dataset, lower case (`pjm`): the outages endpoint's path. */
  market: string;
  /** ISO 8601 UTC instants, `start` < `end`. */
  start: string;
  end: string;
}

/** Real-time PJM marginal values: the embedded data's priced real-time constraint dataset. */
export const DEFAULT_BINDING_DATASET = 'pjm_marginal_value_real_time_5_min';

/**
 * The default window: PJM market days 2024-09-02 and 2024-09-03 (00:00 EDT to 00:00 EDT, 04:00Z to 04:00Z), the
 * embedded sample of real PJM binding constraints, so a first visit shows data.
 */
export const DEFAULT_GRID_CHOICE: GridChoice = {
  datasetId: DEFAULT_BINDING_DATASET,
  market: 'pjm',
  start: '2024-09-02T04:00:00Z',
  end: '2024-09-04T04:00:00Z',
};

const DATASET = /^[a-z0-9_]{1,200}$/;
const MARKET = /^[a-z0-9_-]{1,40}$/;

function instant(text: string | null): string | null {
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) && /[zZ]|[+-]\d\d:?\d\d$/.test(text) ? new Date(ms).toISOString().replace('.000Z', 'Z') : null;
}

/** Reads `dataset`, `market`, `start`, `end` from an address's search (without `?`); each bad or missing value → default. */
export function readGridChoice(search: string, defaults: GridChoice = DEFAULT_GRID_CHOICE): GridChoice {
  const p = new URLSearchParams(search);
  const datasetId = p.get('dataset');
  const market = p.get('market');
  const start = instant(p.get('start'));
  const end = instant(p.get('end'));
  const windowOk = start !== null && end !== null && Date.parse(start) < Date.parse(end);
  return {
    datasetId: datasetId && DATASET.test(datasetId) ? datasetId : defaults.datasetId,
    market: market && MARKET.test(market) ? market : defaults.market,
    start: windowOk ? start : defaults.start,
    end: windowOk ? end : defaults.end,
  };
}

/** Writes a {@link GridChoice} and any page-specific `extra` parameters (null/undefined dropped) as a search string. */
export function gridSearch(choice: GridChoice, extra: Record<string, string | number | null | undefined> = {}): string {
  const p = new URLSearchParams({ dataset: choice.datasetId, market: choice.market, start: choice.start, end: choice.end });
  for (const [k, v] of Object.entries(extra)) if (v !== null && v !== undefined && v !== '') p.set(k, String(v));
  return p.toString();
}
