import { describe, expect, it } from 'vitest';
import type { BindingPoint } from '../../../../shared/bridge/binding.js';
import { seenWindows, shadowPriceSeries } from './facts.js';

const obs = (start: string, end: string, shadow_price: number): BindingPoint => ({
  interval_start_utc: start,
  interval_end_utc: end,
  shadow_price,
  contingency_gs_entity_id: null,
  contingency_name: null,
});

describe('shadowPriceSeries', () => {
  it('breaks the line where the constraint stopped binding', () => {
    const [xs, ys] = shadowPriceSeries([
      obs('2024-09-02T05:00:00Z', '2024-09-02T05:05:00Z', 1),
      obs('2024-09-02T05:05:00Z', '2024-09-02T05:10:00Z', 2),
      obs('2024-09-02T06:00:00Z', '2024-09-02T06:05:00Z', 3),
    ]);
    const t = Date.parse('2024-09-02T05:00:00Z') / 1000;
    expect(xs).toEqual([t, t + 300, t + 600, t + 3600]);
    expect(ys).toEqual([1, 2, null, 3]);
  });
});

describe('seenWindows', () => {
  it('offers the days around the last sighting and the whole span', () => {
    expect(seenWindows({ earliest_seen_utc: '2023-11-05T04:00:00+00:00', latest_seen_utc: '2024-09-04T03:55:00+00:00' })).toEqual(
      {
        last: { start: '2024-09-03T00:00:00Z', end: '2024-09-05T00:00:00Z' },
        whole: { start: '2023-11-05T00:00:00Z', end: '2024-09-05T00:00:00Z' },
      },
    );
    expect(seenWindows({ earliest_seen_utc: '2024-09-04T01:00:00Z', latest_seen_utc: '2024-09-04T03:55:00Z' }).whole).toBeNull();
    expect(seenWindows(undefined)).toEqual({ last: null, whole: null });
  });
});
