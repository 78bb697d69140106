import type { Constraint } from '../../../../shared/schemas/constraints.js';
import { formatCount, formatSource, formatUtc } from '../../lib/format.js';
import { formatMoney } from './gridColumn.js';
import { marketTotals } from './totals.js';

/** Props of {@link MarketTotals}: the constraints shown and the cost window they were costed over. */
export interface MarketTotalsProps {
  constraints: readonly Constraint[];
  start: string;
  end: string;
}

/** One line per market: how many constraints are shown and the sums of their RT and DA absolute costs over the window. */
export function MarketTotals({ constraints, start, end }: MarketTotalsProps) {
  const totals = marketTotals(constraints);
  if (totals.length === 0) return null;
  return (
    <table className="grid compact cs-totals" data-testid="market-totals">
      <caption className="muted">
        Totals per market over the cost window {formatUtc(start)} → {formatUtc(end)}
      </caption>
      <thead>
        <tr>
          <th scope="col">Market</th>
          <th scope="col" className="num">
            Constraints
          </th>
          <th scope="col" className="num">
            Σ RT absolute cost ($/MW)
          </th>
          <th scope="col" className="num">
            Σ DA absolute cost ($/MW)
          </th>
        </tr>
      </thead>
      <tbody>
        {totals.map((t) => (
          <tr key={t.market} data-market={t.market}>
            <th scope="row">{formatSource(t.market)}</th>
            <td className="num">{formatCount(t.count)}</td>
            <td className="num">{formatMoney(t.rtCost)}</td>
            <td className="num">{formatMoney(t.daCost)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
