import type { Table } from 'apache-arrow';
import type { MapTables } from './mapColumns.js';

/**
 * The decoded `map:features` columns as the deck.gl layers read them (docs/map.md#the-data-path): float32 times and
 * coordinates straight from the answer's bytes (a null coordinate as NaN), string columns as dictionary codes with their
 * values, so colours, filters and labels index arrays instead of building an object per row.
 */

/** A dictionary-encoded string column: row `i` is `values[codes[i]]`, or null where `codes[i]` is -1. */
export interface Category {
  codes: Int32Array;
  values: string[];
}

/** One family of rows (binding runs or outage equipment): times, both ends and the table for any other column. */
export interface FeatureRows {
  count: number;
  /** Minutes from the answer's origin: `[start, end)`. */
  start: Float32Array;
  end: Float32Array;
  /** Degrees; NaN when the end is not known. */
  fromLon: Float32Array;
  fromLat: Float32Array;
  toLon: Float32Array;
  toLat: Float32Array;
  /** Rows drawn as lines (two different ends) and as points (one place); rows with no coordinate are in neither. */
  lines: Int32Array;
  points: Int32Array;
  /** Every row with a coordinate: lines then points. */
  placed: Int32Array;
  table: Table;
}

/** Both families, the answer's origin (epoch ms) and the categories the page filters and colours by. */
export interface MapRows {
  originMs: number;
  windowMinutes: number;
  runs: FeatureRows & { id: Category; name: Category; peak: Float32Array; constraintPeak: Float32Array };
  equipment: FeatureRows & {
    ticket: Int32Array;
    outageType: Category;
    status: Category;
    equipmentType: Category;
    zone: Category;
    voltage: Float32Array;
  };
}

/** A float32 column as a Float32Array, NaN where it is null. */
function floats(table: Table, name: string): Float32Array {
  const v = table.getChild(name);
  if (!v) throw new Error(`map column ${name} is missing`);
  const out = Float32Array.from(v.toArray() as ArrayLike<number>);
  if (v.nullCount > 0) for (let i = 0; i < out.length; i++) if (!v.isValid(i)) out[i] = NaN;
  return out;
}

/** A dictionary column's codes and values (one batch: read its index array; otherwise value by value). */
export function category(table: Table, name: string): Category {
  const v = table.getChild(name);
  if (!v) throw new Error(`map column ${name} is missing`);
  const codes = new Int32Array(v.length);
  const only = v.data.length === 1 ? v.data[0] : undefined;
  if (only?.dictionary && v.nullCount === 0) {
    // The index buffer may be longer than the column (padding): read exactly this column's indices.
    codes.set((only.values as Int32Array).subarray(only.offset, only.offset + only.length));
    return { codes, values: [...(only.dictionary.toArray() as string[])] };
  }
  const values: string[] = [];
  const index = new Map<string, number>();
  for (let i = 0; i < v.length; i++) {
    const s = v.get(i) as string | null;
    if (s === null) codes[i] = -1;
    else {
      let k = index.get(s);
      if (k === undefined) index.set(s, (k = values.push(s) - 1));
      codes[i] = k;
    }
  }
  return { codes, values };
}

/** Row `i`'s value of a category, or null. */
export const categoryValue = (c: Category, i: number): string | null => (c.codes[i]! < 0 ? null : c.values[c.codes[i]!]!);

function featureRows(table: Table, ends: [string, string, string, string]): FeatureRows {
  const [fromLon, fromLat, toLon, toLat] = ends.map((n) => floats(table, n)) as [
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  const lines: number[] = [];
  const points: number[] = [];
  for (let i = 0; i < table.numRows; i++) {
    if (Number.isNaN(fromLon[i]!) || Number.isNaN(fromLat[i]!)) continue;
    // main gives a missing end the other end's point, so a row is a point exactly when both ends are one place.
    if (fromLon[i] === toLon[i] && fromLat[i] === toLat[i]) points.push(i);
    else lines.push(i);
  }
  return {
    count: table.numRows,
    start: floats(table, 'start_min'),
    end: floats(table, 'end_min'),
    fromLon,
    fromLat,
    toLon,
    toLat,
    lines: Int32Array.from(lines),
    points: Int32Array.from(points),
    placed: Int32Array.from([...lines, ...points]),
    table,
  };
}

/** The rows of a decoded answer. @throws when a column the map reads is missing. */
export function mapRows(t: MapTables): MapRows {
  return {
    originMs: t.originMs,
    windowMinutes: t.windowMinutes,
    runs: {
      ...featureRows(t.runs, ['start_lon', 'start_lat', 'end_lon', 'end_lat']),
      id: category(t.runs, 'constraint_gs_entity_id'),
      name: category(t.runs, 'constraint_name'),
      peak: floats(t.runs, 'peak_abs_shadow_price'),
      constraintPeak: floats(t.runs, 'constraint_peak_abs_shadow_price'),
    },
    equipment: {
      ...featureRows(t.equipment, ['from_lon', 'from_lat', 'to_lon', 'to_lat']),
      ticket: Int32Array.from(t.equipment.getChild('ticket')!.toArray() as ArrayLike<number>),
      outageType: category(t.equipment, 'outage_type'),
      status: category(t.equipment, 'status'),
      equipmentType: category(t.equipment, 'equipment_type'),
      zone: category(t.equipment, 'zone'),
      voltage: floats(t.equipment, 'voltage'),
    },
  };
}

/** A string column's value at row `i` (names of stations and equipment, read for a tooltip or a label). */
export function textAt(rows: FeatureRows, column: string, i: number): string | null {
  return (rows.table.getChild(column)?.get(i) as string | null | undefined) ?? null;
}
