import {
  Bool,
  Dictionary,
  Float32,
  Int16,
  Int32,
  Int8,
  Table,
  Utf8,
  makeVector,
  tableToIPC,
  vectorFromArray,
} from 'apache-arrow';
import type { Vector } from 'apache-arrow';
import { MAP_NULLABLE_COLUMNS } from '../../../shared/index.js';
import type { MapColumnType } from '../../../shared/index.js';

/** A column's values as the encoder takes them: numbers (NaN for none in a nullable column), strings, booleans, null. */
export type ColumnValues = readonly unknown[];

const missing = (v: unknown) => v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v));

// The narrowest index that numbers every distinct string: most columns (status, outage type, zone) need one byte.
function dictionaryOf(values: readonly unknown[]): Dictionary {
  const distinct = new Set(values).size;
  const index = distinct <= 127 ? new Int8() : distinct <= 32_767 ? new Int16() : new Int32();
  return new Dictionary(new Utf8(), index);
}

function vectorOf(name: string, type: MapColumnType, values: ColumnValues): Vector {
  const nullable = MAP_NULLABLE_COLUMNS.has(name);
  if (!nullable && values.some(missing)) throw new Error(`map column ${name} has a missing value`);
  const given = nullable ? values.map((v) => (missing(v) ? null : v)) : values;
  switch (type) {
    case 'float32':
      return nullable
        ? vectorFromArray(given as (number | null)[], new Float32())
        : makeVector(Float32Array.from(given as number[]));
    case 'int32':
      return makeVector(Int32Array.from(given as number[]));
    case 'bool':
      return vectorFromArray(given as boolean[], new Bool());
    case 'utf8':
      return vectorFromArray(given as (string | null)[], new Utf8());
    case 'dictionary':
      return vectorFromArray(given as (string | null)[], dictionaryOf(given));
  }
}

/**
 * An Apache Arrow IPC stream of `columns`, in the order and with the types of `spec` (shared/bridge/map.ts); strings
 * repeated row after row are dictionary-encoded, with the narrowest index (Int8, Int16, Int32) their count allows. Throws when a column is missing, of another length, or holds a missing
 * value where `MAP_NULLABLE_COLUMNS` does not allow one.
 */
export function encodeColumns(
  spec: Readonly<Record<string, MapColumnType>>,
  columns: Readonly<Record<string, ColumnValues>>,
): Uint8Array {
  const names = Object.keys(spec);
  const rows = columns[names[0]!]?.length ?? 0;
  const vectors: Record<string, Vector> = {};
  for (const name of names) {
    const values = columns[name];
    if (!values || values.length !== rows)
      throw new Error(`map column ${name}: ${values?.length ?? 'no'} values for ${rows} rows`);
    vectors[name] = vectorOf(name, spec[name]!, values);
  }
  return tableToIPC(new Table(vectors), 'stream');
}
