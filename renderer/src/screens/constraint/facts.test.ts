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
  it('offers the market days around the last sighting and the whole span, in market days', () => {
    // Last seen 03:55Z on Sep 4 = 23:55 EDT on Sep 3: market days Sep 2–3; first seen 00:00 EDT on 2023-11-05.
    const seen = { earliest_seen_utc: '2023-11-05T04:00:00+00:00', latest_seen_utc: '2024-09-04T03:55:00+00:00' };
    expect(seenWindows(seen, 'US/Eastern')).toEqual({
      last: { start: '2024-09-02T04:00:00Z', end: '2024-09-04T04:00:00Z' },
      whole: { start: '2023-11-05T04:00:00Z', end: '2024-09-04T04:00:00Z' },
    });
    expect(seenWindows(seen, 'UTC')).toEqual({
      last: { start: '2024-09-03T00:00:00Z', end: '2024-09-05T00:00:00Z' },
      whole: { start: '2023-11-05T00:00:00Z', end: '2024-09-05T00:00:00Z' },
    });
    expect(
      seenWindows({ earliest_seen_utc: '2024-09-03T01:00:00Z', latest_seen_utc: '2024-09-04T03:55:00Z' }, 'US/Eastern').whole,
    ).toBeNull();
    expect(seenWindows(undefined, 'US/Eastern')).toEqual({ last: null, whole: null });
  });
});
