import { VOLTAGE_CLASSES } from '../../../../shared/bridge/outages.js';
import type { OutageFilters, VoltageClass } from '../../../../shared/bridge/outages.js';
import { gridSearch, readGridChoice } from '../../features/constraints/gridChoice.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';

/**
 * The Outages screen's address (`#/outages?market=&start=&end=&status=…&type=…&equip=…&kv=…&zone=…&within=starting`):
 * the market and window as the grid pages keep them, each filter value a repeated parameter, so Back, a reload and a
 * shared link show the same list. Unknown values are dropped, never thrown on.
 */

/** The screen's choices: the market and window (and the dataset a ticket's overlap reads), and the filters. */
export interface OutagesChoice {
  grid: GridChoice;
  filters: OutageFilters;
}

/** The filters with their address parameter. */
export const FILTER_PARAMS = {
  statuses: 'status',
  outageTypes: 'type',
  equipmentTypes: 'equip',
  voltageClasses: 'kv',
  zones: 'zone',
} as const satisfies Record<Exclude<keyof OutageFilters, 'within'>, string>;

/** The list filters, in the order the screen shows them. */
export type ListFilter = keyof typeof FILTER_PARAMS;

const isClass = (v: string): v is VoltageClass => (VOLTAGE_CLASSES as readonly string[]).includes(v);

/** Reads an address's search (without `?`). */
export function readOutagesChoice(search: string): OutagesChoice {
  const p = new URLSearchParams(search);
  const filters: OutageFilters = {};
  for (const [name, param] of Object.entries(FILTER_PARAMS) as [ListFilter, string][]) {
    const values = [...new Set(p.getAll(param).map((v) => v.trim()))].filter((v) => v.length > 0 && v.length <= 100);
    if (name === 'voltageClasses') {
      const classes = values.filter(isClass);
      if (classes.length) filters.voltageClasses = classes;
    } else if (values.length) filters[name] = values;
  }
  if (p.get('within') === 'starting') filters.within = 'starting';
  return { grid: readGridChoice(search), filters };
}

/** Writes {@link OutagesChoice} as a search string. */
export function outagesSearch({ grid, filters }: OutagesChoice): string {
  const p = new URLSearchParams(gridSearch(grid));
  for (const [name, param] of Object.entries(FILTER_PARAMS) as [ListFilter, string][])
    for (const v of filters[name] ?? []) p.append(param, v);
  if (filters.within === 'starting') p.set('within', 'starting');
  return p.toString();
}
