import { tableFromIPC } from 'apache-arrow';
import type { Table } from 'apache-arrow';
import { MAP_EQUIPMENT_COLUMNS, MAP_RUN_COLUMNS } from '../../../../shared/bridge/map.js';
import type { MapColumnType, MapFeatures } from '../../../../shared/bridge/map.js';

/**
 * The map's features as the page reads them (docs/map.md#the-data-path): the two Arrow IPC streams of `map:features`
 * decoded with apache-arrow, their columns checked against the contract (shared/bridge/map.ts). A float32 column's
 * `toArray()` is a `Float32Array` over the answer's bytes (no copy), ready for the GPU; times are minutes from
 * `originMs`.
 */

const ARROW_TYPES: Record<MapColumnType, RegExp> = {
  dictionary: /^Dictionary<Int(8|16|32), Utf8>$/,
  utf8: /^Utf8$/,
  float32: /^Float32$/,
  int32: /^Int32$/,
  bool: /^Bool$/,
};

/** The decoded runs and equipment of one answer, with its origin and window length in minutes. */
export interface MapTables {
  runs: Table;
  equipment: Table;
  originMs: number;
  windowMinutes: number;
}

function decode(bytes: Uint8Array, spec: Readonly<Record<string, MapColumnType>>, what: string): Table {
  const table = tableFromIPC(bytes);
  const fields = table.schema.fields;
  const want = Object.entries(spec);
  const same =
    fields.length === want.length &&
    want.every(([name, type], i) => fields[i]!.name === name && ARROW_TYPES[type].test(String(fields[i]!.type)));
  if (!same) {
    const got = fields.map((f) => `${f.name}: ${String(f.type)}`).join(', ');
    throw new Error(`The map's ${what} columns are not the expected ones (${got}).`);
  }
  return table;
}

/** Decodes a `map:features` answer. @throws when a stream is not Arrow or its columns differ from the contract. */
export function decodeMapFeatures(features: Pick<MapFeatures, 'runs' | 'equipment' | 'originMs' | 'windowMinutes'>): MapTables {
  return {
    runs: decode(features.runs, MAP_RUN_COLUMNS, 'binding run'),
    equipment: decode(features.equipment, MAP_EQUIPMENT_COLUMNS, 'outage equipment'),
    originMs: features.originMs,
    windowMinutes: features.windowMinutes,
  };
}

/** Epoch ms of `minutes` from an answer's origin (the inverse of the columns' times, for labels in market time). */
export function minutesToMs(minutes: number, originMs: number): number {
  return originMs + minutes * 60_000;
}
