import { describe, expect, it } from 'vitest';
import type { TableColumn } from '../../../../shared/bridge/contract.js';
import { columnFormats } from './cellFormat.js';
import { buildFilter, describeFilter, filterText } from './filters.js';

const published: TableColumn = { name: 'publish_time', type: 'TIMESTAMPTZ' };
const price: TableColumn = { name: 'lmp', type: 'DOUBLE' };

describe('column filters', () => {
  it('read a time typed for a market-time column in its zone (02:00 after the repeated hour is 07:00Z)', () => {
    expect(buildFilter(published, '>=', '2023-11-05 02:00', 'America/New_York')).toEqual({
      filter: { column: 'publish_time', op: '>=', value: '2023-11-05T07:00:00.000Z' },
    });
    expect(filterText({ column: 'publish_time', op: '>=', value: '2023-11-05T07:00:00.000Z' }, published, 'US/Eastern')).toBe(
      '2023-11-05 02:00',
    );
  });

  it('say a filter in the column’s words, values in its format', () => {
    const [fPrice, fTime] = columnFormats([price, { name: 'interval_start_local', type: 'VARCHAR' }], {
      zone: 'US/Eastern',
      keyColumns: new Set(),
    });
    expect(describeFilter({ column: 'lmp', op: 'in', value: [10, 20.5] }, price, fPrice)).toBe(
      'LMP ($/MWh) is one of 10.00, 20.50',
    );
    expect(describeFilter({ column: 'lmp', op: 'is null' }, price, fPrice)).toBe('LMP ($/MWh) is empty');
    expect(describeFilter({ column: 'gone', op: '=', value: 'x' }, undefined, undefined)).toBe('gone = x');
    expect(fTime!.label).toBe('Interval start (EPT)');
  });
});
