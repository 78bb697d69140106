import { describe, expect, it } from 'vitest';
import type { TableColumn } from '../../../../shared/bridge/contract.js';
import { columnFormats, columnTerm, tsvField } from './cellFormat.js';
import { toTsv } from './selection.js';

const KEYS = new Set(['location_id_key']);
const col = (name: string, type: TableColumn['type']): TableColumn => ({ name, type });
const utc = { zone: 'UTC', keyColumns: KEYS };
const eastern = { zone: 'US/Eastern', keyColumns: KEYS };

describe('headers', () => {
  it('say labels in words with units; the raw name stays the format’s name', () => {
    const formats = columnFormats(
      [col('shadow_price', 'DOUBLE'), col('demand', 'DOUBLE'), col('monitored_facility', 'VARCHAR'), col('ptid', 'BIGINT')],
      utc,
    );
    expect(formats.map((f) => f.label)).toEqual(['Shadow price ($/MWh)', 'Demand (MW)', 'Monitored facility', 'PTID']);
    expect(formats.map((f) => f.name)).toEqual(['shadow_price', 'demand', 'monitored_facility', 'ptid']);
  });

  it('name the clock of each time column: UTC for *_utc, the market’s prevailing time for *_local', () => {
    const [start, local] = columnFormats(
      [col('interval_start_utc', 'TIMESTAMPTZ'), col('interval_start_local', 'VARCHAR')],
      eastern,
    );
    expect(start!.label).toBe('Interval start (UTC)');
    expect(local!.label).toBe('Interval start (EPT)');
    expect([start!.zone, local!.zone]).toEqual(['UTC', 'US/Eastern']);
  });

  it('carry the cost help for costs and shift factors only', () => {
    const formats = columnFormats(
      [col('absolute_cost', 'DOUBLE'), col('adjusted_cost', 'DOUBLE'), col('shift_factor', 'DOUBLE'), col('lmp', 'DOUBLE')],
      utc,
    );
    expect(formats[0]!.help).toMatch(/^Absolute cost:/);
    expect(formats[1]!.help).toMatch(/sign/);
    expect(formats[2]!.help).toMatch(/^Shift factor:/);
    expect(formats[3]!.help).toBeUndefined();
  });
});

describe('number formats', () => {
  it('follow the vocabulary: prices 2 decimals, factors 4, counts grouped, identifiers ungrouped', () => {
    const [price, factor, count, ptid, key, load] = columnFormats(
      [
        col('shadow_price', 'DOUBLE'),
        col('shift_factor', 'DOUBLE'),
        col('binding_interval_count', 'BIGINT'),
        col('ptid', 'BIGINT'),
        col('location_id_key', 'BIGINT'),
        col('load', 'DOUBLE'),
      ],
      utc,
    );
    expect(price!.text(2000)).toBe('2,000.00');
    expect(price!.text(-183.1)).toBe('-183.10');
    expect(factor!.text(0.43125)).toBe('0.4313');
    expect(count!.text(2000)).toBe('2,000');
    expect(ptid!.text(12345678)).toBe('12345678');
    expect(key!.text(12345678)).toBe('12345678');
    expect(load!.text(20000)).toBe('20,000');
    expect(load!.text(20000.125)).toBe('20,000.13');
    expect(price!.text(null)).toBe('—');
    expect([price, factor, count, ptid].every((f) => f!.numeric)).toBe(true);
  });

  it('reads unknown numbers by their type: whole numbers as counts, others as quantities', () => {
    expect(columnTerm(col('rows_seen', 'BIGINT'), KEYS).kind).toBe('count');
    expect(columnTerm(col('natural_gas', 'DOUBLE'), KEYS).kind).toBe('quantity');
    expect(columnTerm(col('location_id_key', 'BIGINT'), KEYS).kind).toBe('identifier');
  });

  it('copies the shown precision; full precision on request', () => {
    const [cost] = columnFormats([col('absolute_cost', 'DOUBLE')], utc);
    expect(cost!.text(4071.5158333333325)).toBe('4,071.52');
    expect(cost!.copy(4071.5158333333325)).toBe('4071.52');
    expect(cost!.copyFull(4071.5158333333325)).toBe('4071.5158333333325');
    expect(cost!.copy(null)).toBe('');
  });
});

describe('time formats', () => {
  it('show *_utc in UTC ending in Z whatever the table’s zone, market time with its zone named', () => {
    const [start, local, published] = columnFormats(
      [col('interval_start_utc', 'TIMESTAMPTZ'), col('interval_start_local', 'VARCHAR'), col('publish_time', 'TIMESTAMPTZ')],
      eastern,
    );
    expect(start!.text('2024-09-02T04:00:00+00:00')).toBe('2024-09-02 04:00Z');
    expect(local!.text('2024-09-02T00:00:00-04:00')).toBe('2024-09-02 00:00 EDT');
    expect(local!.text('2023-11-05T01:00:00-05:00')).toBe('2023-11-05 01:00 EST');
    expect(published!.text('2024-09-02T04:00:30+00:00')).toBe('2024-09-02 04:00:30Z');
    expect(start!.text('not a time')).toBe('not a time');
    expect(start!.copy('2024-07-01T04:00:00+00:00')).toBe('2024-07-01 04:00:00');
    expect(local!.copy('2024-07-01T00:00:00-04:00')).toBe('2024-07-01 00:00:00');
    expect(local!.copyFull('2024-07-01T00:00:00-04:00')).toBe('2024-07-01T00:00:00-04:00');
  });
});

describe('TSV', () => {
  it('quotes fields with tabs, newlines or quotes, in the column order shown, as shown or at full precision', () => {
    expect(tsvField('plain')).toBe('plain');
    expect(tsvField('a\tb')).toBe('"a\tb"');
    expect(tsvField('say "hi"')).toBe('"say ""hi"""');
    const formats = columnFormats([col('name', 'VARCHAR'), col('lmp', 'DOUBLE'), col('ok', 'BOOLEAN')], utc);
    const rows = [
      ['A\nB', 1.505, true],
      [null, null, false],
    ];
    expect(toTsv(rows, { left: 0, right: 2 }, [2, 0, 1], formats)).toBe('true\t"A\nB"\t1.51\nfalse\t\t');
    expect(toTsv(rows, { left: 2, right: 2 }, [2, 0, 1], formats, true)).toBe('1.505\n');
  });
});
