import { tableFromIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { MAP_EQUIPMENT_COLUMNS, MAP_RUN_COLUMNS } from '../../../shared/index.js';
import { encodeColumns } from './arrow.js';

const rows = (bytes: Uint8Array) =>
  tableFromIPC(bytes)
    .toArray()
    .map((r) => r.toJSON() as Record<string, unknown>);

describe('Arrow columns', () => {
  const equipment = {
    ticket: [9000001, 724453],
    outage_type: ['Continuous', 'Daily'],
    status: ['Active', 'Approved'],
    is_synthetic: [true, false],
    equipment_name: ['A10 CB', 'D42'],
    equipment_type: ['BRKR', 'BRKR'],
    voltage: [345, 230.5],
    zone: ['PPL', 'FE'],
    start_min: [-60, 120],
    end_min: [1440, 16_777_216],
    from_name: ['ALPHA', null],
    to_name: ['BETA', null],
    from_lon: [-75.5, null],
    from_lat: [40.25, null],
    to_lon: [-75.25, null],
    to_lat: [40.5, null],
  };

  it('keep every value, with the declared types, nulls where allowed and dictionaries for repeated strings', () => {
    const bytes = encodeColumns(MAP_EQUIPMENT_COLUMNS, equipment);
    const table = tableFromIPC(bytes);
    expect(table.schema.fields.map((f) => f.name)).toEqual(Object.keys(MAP_EQUIPMENT_COLUMNS));
    expect(String(table.schema.fields.find((f) => f.name === 'status')!.type)).toBe('Dictionary<Int8, Utf8>');
    expect(table.getChild('start_min')!.toArray()).toBeInstanceOf(Float32Array);
    expect(rows(bytes)).toEqual([
      Object.fromEntries(Object.entries(equipment).map(([k, v]) => [k, v[0]])),
      Object.fromEntries(Object.entries(equipment).map(([k, v]) => [k, v[1]])),
    ]);
  });

  it('an empty answer is a table with the columns and no rows', () => {
    const empty = Object.fromEntries(Object.keys(MAP_RUN_COLUMNS).map((k) => [k, []]));
    const table = tableFromIPC(encodeColumns(MAP_RUN_COLUMNS, empty));
    expect(table.numRows).toBe(0);
    expect(table.schema.fields.map((f) => f.name)).toEqual(Object.keys(MAP_RUN_COLUMNS));
  });

  it('refuses a missing value where none is allowed, and columns of different lengths', () => {
    expect(() => encodeColumns(MAP_EQUIPMENT_COLUMNS, { ...equipment, start_min: [1, null] })).toThrow(
      /start_min has a missing value/,
    );
    expect(() => encodeColumns(MAP_EQUIPMENT_COLUMNS, { ...equipment, status: ['Active'] })).toThrow(
      /status: 1 values for 2 rows/,
    );
    const { zone: _zone, ...withoutZone } = equipment;
    expect(() => encodeColumns(MAP_EQUIPMENT_COLUMNS, withoutZone)).toThrow(/zone: no values/);
  });
});

describe('a shared dictionary', () => {
  it('sends each name of the grouped columns once, and every value and null round-trips', () => {
    const names = Array.from({ length: 300 }, (_, i) => `SUBSTATION ${i % 150}`);
    const columns = { from_name: names, to_name: names.map((n, i) => (i % 7 === 0 ? null : n)) };
    const spec = { from_name: 'dictionary', to_name: 'dictionary' } as const;
    const apart = encodeColumns(spec, columns);
    const together = encodeColumns(spec, columns, [['from_name', 'to_name']]);
    expect(rows(together)).toEqual(rows(apart));
    expect(rows(together)[7]).toEqual({ from_name: 'SUBSTATION 7', to_name: null });
    expect(together.length).toBeLessThan(apart.length - 150 * 'SUBSTATION 1'.length);
    const fields = tableFromIPC(together).schema.fields;
    expect(fields.map((f) => String(f.type))).toEqual(['Dictionary<Int16, Utf8>', 'Dictionary<Int16, Utf8>']);
  });

  it('refuses a group with a column that is not a dictionary', () => {
    const spec = { ticket: 'int32', from_name: 'dictionary' } as const;
    expect(() => encodeColumns(spec, { ticket: [1], from_name: ['A'] }, [['ticket', 'from_name']])).toThrow(
      /not all dictionaries/,
    );
  });
});

describe('dictionary indices', () => {
  it('are as narrow as the count of distinct strings allows', () => {
    const spec = { name: 'dictionary' } as const;
    const typeOf = (n: number) =>
      String(tableFromIPC(encodeColumns(spec, { name: Array.from({ length: n }, (_, i) => `s${i}`) })).schema.fields[0]!.type);
    expect(typeOf(127)).toBe('Dictionary<Int8, Utf8>');
    expect(typeOf(128)).toBe('Dictionary<Int16, Utf8>');
    expect(typeOf(32_768)).toBe('Dictionary<Int32, Utf8>');
    const names = Array.from({ length: 40_000 }, (_, i) => `station ${i % 33_000}`);
    expect(
      tableFromIPC(encodeColumns(spec, { name: names }))
        .getChild('name')!
        .toArray(),
    ).toEqual(names);
  });
});
