import { describe, expect, it } from 'vitest';
import type { TableColumn } from '../../../../shared/bridge/contract.js';
import { columnFormats, decimalsFor, formatInstant, fractionDigits, isIdentifierColumn, tsvField } from './cellFormat.js';
import { toTsv } from './selection.js';

const KEYS = new Set(['location_id_key']);
const col = (name: string, type: TableColumn['type']): TableColumn => ({ name, type });

describe('number formats', () => {
  it('identifier-like columns are never grouped: key and subseries columns, *_id, ptid, point_id', () => {
    for (const name of ['gs_entity_id', 'ptid', 'point_id', 'pnode_ptid', 'id', 'location_id_key'])
      expect(isIdentifierColumn(name, KEYS)).toBe(true);
    for (const name of ['shadow_price', 'load', 'idle_mw', 'paid']) expect(isIdentifierColumn(name, KEYS)).toBe(false);
    const [ptid, load] = columnFormats([col('ptid', 'BIGINT'), col('load', 'BIGINT')], [[61752, 21481]], {
      zone: 'UTC',
      keyColumns: KEYS,
    });
    expect(ptid!.text(12345678)).toBe('12345678');
    expect(load!.text(12345678)).toBe('12,345,678');
    expect(ptid!.numeric && load!.numeric).toBe(true);
  });

  it('decimals are fixed per column: prices 2, others as the sample needs (at most 6), BIGINT 0', () => {
    expect(fractionDigits(0.1 + 0.2)).toBe(1);
    expect(fractionDigits(21481.53)).toBe(2);
    expect(fractionDigits(0.0012345)).toBe(7);
    expect(decimalsFor(col('shadow_price', 'DOUBLE'), [-183.1, 4], KEYS)).toBe(2);
    expect(decimalsFor(col('lmp', 'DOUBLE'), [30], KEYS)).toBe(2);
    expect(decimalsFor(col('load', 'DOUBLE'), [21481.5, 20000.25, null], KEYS)).toBe(2);
    expect(decimalsFor(col('shift_factor', 'DOUBLE'), [0.0012345, -0.5], KEYS)).toBe(6);
    expect(decimalsFor(col('percent', 'DOUBLE'), [100, 95], KEYS)).toBe(0);
    expect(decimalsFor(col('percent', 'DOUBLE'), [], KEYS)).toBe(2);
    expect(decimalsFor(col('count', 'BIGINT'), [1.5], KEYS)).toBe(0);
    const [price, load] = columnFormats([col('shadow_price', 'DOUBLE'), col('load', 'DOUBLE')], [[-183.1, 21481.5]], {
      zone: 'UTC',
      keyColumns: KEYS,
    });
    expect(price!.text(-183.1)).toBe('-183.10');
    expect(price!.text(1234567)).toBe('1,234,567.00');
    expect(load!.text(20000)).toBe('20,000.0');
    expect(price!.text(null)).toBe('—');
    expect(price!.copy(1234567.891)).toBe('1234567.891');
  });
});

describe('time formats', () => {
  it('shows instants in the chosen zone with its offset (UTC as "UTC"), seconds only when not zero', () => {
    expect(formatInstant('2024-03-10T06:00:00+00:00', 'UTC')).toBe('2024-03-10 06:00 UTC');
    expect(formatInstant('2024-03-10T06:00:00+00:00', 'America/New_York')).toBe('2024-03-10 01:00 -05:00');
    expect(formatInstant('2024-03-10T07:00:00+00:00', 'America/New_York')).toBe('2024-03-10 03:00 -04:00');
    expect(formatInstant('2024-03-10T06:00:30.5+00:00', 'UTC')).toBe('2024-03-10 06:00:30.5 UTC');
    expect(formatInstant('not a time', 'UTC')).toBe('not a time');
    const [t] = columnFormats([col('interval_start_utc', 'TIMESTAMPTZ')], [], { zone: 'US/Eastern', keyColumns: KEYS });
    expect(t!.copy('2024-07-01T04:00:00+00:00')).toBe('2024-07-01 00:00:00');
  });
});

describe('TSV', () => {
  it('quotes fields with tabs, newlines or quotes, in the column order shown', () => {
    expect(tsvField('plain')).toBe('plain');
    expect(tsvField('a\tb')).toBe('"a\tb"');
    expect(tsvField('say "hi"')).toBe('"say ""hi"""');
    const formats = columnFormats([col('name', 'VARCHAR'), col('mw', 'DOUBLE'), col('ok', 'BOOLEAN')], [], {
      zone: 'UTC',
      keyColumns: KEYS,
    });
    const rows = [
      ['A\nB', 1.5, true],
      [null, null, false],
    ];
    expect(toTsv(rows, { left: 0, right: 2 }, [2, 0, 1], formats)).toBe('true\t"A\nB"\t1.5\nfalse\t\t');
  });
});
