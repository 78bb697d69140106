import {
  Bool,
  Dictionary,
  Float32,
  Int16,
  Int32,
  Int8,
  Table,
  Utf8,
  makeData,
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

/**
 * The dictionary columns of `names` as vectors over ONE dictionary (one Arrow dictionary id, written once in the stream):
 * every distinct string of all of them, in order of first appearance, numbered with the narrowest index that numbers
 * them all (Int8, Int16, Int32; most columns — status, outage type, zone — need one byte). Missing values are nulls.
 */
function dictionaryVectors(names: readonly string[], columns: Readonly<Record<string, ColumnValues>>): Vector[] {
  const codes = new Map<string, number>();
  for (const name of names)
    for (const v of columns[name]!) if (!missing(v) && !codes.has(v as string)) codes.set(v as string, codes.size);
  const [Index, IndexArray] =
    codes.size <= 127 ? [Int8, Int8Array] : codes.size <= 32_767 ? [Int16, Int16Array] : ([Int32, Int32Array] as const);
  const type = new Dictionary(new Utf8(), new Index());
  const dictionary = vectorFromArray([...codes.keys()], new Utf8());
  return names.map((name) => {
    const values = columns[name]!;
    const data = new IndexArray(values.length);
    const valid = new Uint8Array(Math.ceil(values.length / 8));
    let nullCount = 0;
    values.forEach((v, i) => {
      if (missing(v)) nullCount++;
      else {
        data[i] = codes.get(v as string)!;
        valid[i >> 3]! |= 1 << (i & 7);
      }
    });
    const nullBitmap = nullCount ? valid : undefined;
    return makeVector(makeData({ type, length: values.length, nullCount, nullBitmap, data, dictionary }));
  });
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
      return dictionaryVectors([name], { [name]: given })[0]!;
  }
}

/**
 * An Apache Arrow IPC stream of `columns`, in the order and with the types of `spec` (shared/bridge/map.ts); strings
 * repeated row after row are dictionary-encoded, with the narrowest index (Int8, Int16, Int32) their count allows, and
 * the dictionary columns of each group in `shared` (e.g. the from and to substations, mostly the same names) share one
 * dictionary, so a name is sent once. Throws when a column is missing, of another length, or holds a missing value where
 * `MAP_NULLABLE_COLUMNS` does not allow one.
 */
export function encodeColumns(
  spec: Readonly<Record<string, MapColumnType>>,
  columns: Readonly<Record<string, ColumnValues>>,
  shared: readonly (readonly string[])[] = [],
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
  for (const group of shared) {
    if (!group.every((name) => spec[name] === 'dictionary'))
      throw new Error(`map columns ${group.join(', ')} are not all dictionaries`);
    dictionaryVectors(group, columns).forEach((vector, i) => (vectors[group[i]!] = vector));
  }
  return tableToIPC(new Table(vectors), 'stream');
}
