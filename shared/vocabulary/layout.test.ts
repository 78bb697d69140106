import { describe, expect, it } from 'vitest';
import { tableLayout } from './layout.js';

// The columns of a PJM real-time pull in market time, in the order the workspace stores them.
const PULL = [
  { name: 'interval_start_utc', type: 'TIMESTAMPTZ' },
  { name: 'interval_start_local', type: 'VARCHAR' },
  { name: 'interval_end_local', type: 'VARCHAR' },
  { name: 'interval_end_utc', type: 'TIMESTAMPTZ' },
  { name: 'publish_time_utc', type: 'TIMESTAMPTZ' },
  { name: 'location_id', type: 'BIGINT' },
  { name: 'monitored_facility', type: 'VARCHAR' },
  { name: 'shadow_price', type: 'DOUBLE' },
];

describe('table layout', () => {
  it('in market time hides the _utc twin of each pair and puts times, values, then bookkeeping', () => {
    expect(tableLayout(PULL, true)).toEqual({
      order: [
        'interval_start_local',
        'interval_start_utc',
        'interval_end_local',
        'interval_end_utc',
        'monitored_facility',
        'shadow_price',
        'publish_time_utc',
        'location_id',
      ],
      hidden: ['interval_start_utc', 'interval_end_utc'],
    });
  });

  it('in UTC hides the _local twin instead', () => {
    const { order, hidden } = tableLayout(PULL, false);
    expect(hidden).toEqual(['interval_start_local', 'interval_end_local']);
    expect(order.slice(0, 4)).toEqual(['interval_start_utc', 'interval_start_local', 'interval_end_utc', 'interval_end_local']);
  });

  it('hides nothing without a pair and keeps the order of columns of one rank', () => {
    const cols = [
      { name: 'shadow_price' },
      { name: 'interval_start_utc' },
      { name: 'lmp' },
      { name: 'ptid' },
      { name: 'location' },
    ];
    expect(tableLayout(cols, true)).toEqual({
      order: ['interval_start_utc', 'shadow_price', 'lmp', 'location', 'ptid'],
      hidden: [],
    });
  });
});
