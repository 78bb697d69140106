import type { Category, MapRows } from './mapRows.js';

/**
 * The outage filters of the map (type, status, equipment type, voltage class, zone): each null means "any". They are
 * applied once per change as a row's third GPU filter value (gpuFilter.ts), so a slider step never recomputes them.
 */
export interface OutageFilter {
  outageType: string | null;
  status: string | null;
  equipmentType: string | null;
  voltageClass: string | null;
  zone: string | null;
}

/** No outage filtered out. */
export const NO_OUTAGE_FILTER: OutageFilter = {
  outageType: null,
  status: null,
  equipmentType: null,
  voltageClass: null,
  zone: null,
};

/** Voltage classes, by the lower bound of each (kV): the classes transmission planners group lines by. */
export const VOLTAGE_CLASSES = [
  { label: 'Below 100 kV', min: 0 },
  { label: '100–199 kV', min: 100 },
  { label: '200–299 kV', min: 200 },
  { label: '300–499 kV', min: 300 },
  { label: '500 kV and above', min: 500 },
] as const;

/** The voltage class of `kv` (a missing or negative voltage is the lowest class). */
export function voltageClassOf(kv: number): string {
  let label: string = VOLTAGE_CLASSES[0].label;
  for (const c of VOLTAGE_CLASSES) if (kv >= c.min) label = c.label;
  return label;
}

/** True when at least one dimension is chosen. */
export const isFiltered = (f: OutageFilter): boolean => Object.values(f).some((v) => v !== null);

// The code of `value` in `c`, -2 (no row has it) when absent, null for "any".
function codeOf(c: Category, value: string | null): number | null {
  if (value === null) return null;
  const k = c.values.indexOf(value);
  return k < 0 ? -2 : k;
}

/** 1 for each equipment row `filter` keeps, 0 for the others. */
export function includedEquipment(rows: MapRows['equipment'], filter: OutageFilter): Uint8Array {
  const out = new Uint8Array(rows.count);
  const wanted: [Category, number | null][] = [
    [rows.outageType, codeOf(rows.outageType, filter.outageType)],
    [rows.status, codeOf(rows.status, filter.status)],
    [rows.equipmentType, codeOf(rows.equipmentType, filter.equipmentType)],
    [rows.zone, codeOf(rows.zone, filter.zone)],
  ];
  const checks = wanted.filter((w): w is [Category, number] => w[1] !== null);
  for (let i = 0; i < rows.count; i++) {
    let keep = checks.every(([c, code]) => c.codes[i] === code);
    if (keep && filter.voltageClass !== null) keep = voltageClassOf(rows.voltage[i]!) === filter.voltageClass;
    out[i] = keep ? 1 : 0;
  }
  return out;
}

/** The distinct values of a category, sorted (the filter's choices). */
export const choicesOf = (c: Category): string[] => [...c.values].sort((a, b) => a.localeCompare(b));
