import type { Constraint } from '../../../../shared/schemas/constraints.js';

/** One market's line of the totals: how many constraints, and the sums of their absolute costs ($/MW; null when none has one). */
export interface MarketTotal {
  market: string;
  count: number;
  rtCost: number | null;
  daCost: number | null;
}

const add = (sum: number | null, v: number | null | undefined): number | null =>
  v === null || v === undefined ? sum : (sum ?? 0) + v;

/** Totals per market of `constraints` (the rows shown), markets in name order. */
export function marketTotals(constraints: readonly Constraint[]): MarketTotal[] {
  const byMarket = new Map<string, MarketTotal>();
  for (const c of constraints) {
    const t = byMarket.get(c.market_id) ?? { market: c.market_id, count: 0, rtCost: null, daCost: null };
    t.count += 1;
    t.rtCost = add(t.rtCost, c.rt_absolute_cost);
    t.daCost = add(t.daCost, c.da_absolute_cost);
    byMarket.set(c.market_id, t);
  }
  return [...byMarket.values()].sort((a, b) => a.market.localeCompare(b.market));
}
