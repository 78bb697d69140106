import { describe, expect, it } from 'vitest';
import type { BindingSummary } from '../../../../shared/bridge/binding.js';
import { costColumnIds } from './boundColumns.js';
import { costTotals } from './boundTotals.js';

const bound = (on: number, day: number, night: number): BindingSummary => ({
  first_binding_utc: '2024-09-03T11:00:00Z',
  last_binding_utc: '2024-09-03T12:00:00Z',
  binding_intervals: 2,
  binding_hours: 2,
  peak_abs_shadow_price: 10,
  peak_interval_start_utc: '2024-09-03T11:00:00Z',
  absolute_cost: on + day + night,
  bucket_costs: { on_peak: on, '2x16': day, '7x8': night },
});

describe('cost totals', () => {
  it('sums each cost column per group, so the split columns add up to the absolute cost', () => {
    const rows = [
      { m: 'pjm', bound: bound(1.004, 2.004, 0.004) },
      { m: 'pjm', bound: bound(1.004, 0, 3.004) },
      { m: 'pjm', bound: null },
      { m: 'miso', bound: bound(0, 0, 10) },
    ];
    const [miso, pjm] = costTotals(rows, costColumnIds('on_off'), (r) => r.m);
    expect(pjm).toMatchObject({ key: 'pjm', rows: 3, bound: 2 });
    expect(pjm!.costs.cost).toBeCloseTo(7.02, 10);
    expect(pjm!.costs.cost_on_peak).toBeCloseTo(2.008, 10);
    expect(pjm!.costs.cost_off_peak).toBeCloseTo(5.012, 10);
    expect(pjm!.costs.cost).toBeCloseTo(pjm!.costs.cost_on_peak! + pjm!.costs.cost_off_peak!, 10);
    expect(miso).toEqual({ key: 'miso', rows: 1, bound: 1, costs: { cost: 10, cost_on_peak: 0, cost_off_peak: 10 } });
    expect(costTotals([{ bound: null }], costColumnIds('none'), () => '')).toEqual([
      { key: '', rows: 1, bound: 0, costs: { cost: null } },
    ]);
  });
});
