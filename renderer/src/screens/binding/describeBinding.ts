import { formatInstantRange } from '../../../../shared/time/format.js';
import { formatCount } from '../../lib/format.js';
import type { BindingRoute } from './route.js';

/**
 * A binding request in one line for the folded form, as the query page's summary: `Real-time — PJM Marginal Value Real
 * Time 5 Min · 2024-09-02 00:00 → 2024-09-04 00:00 EDT · |shadow price| > 50 $/MWh · at most 10,000 rows`, the window in
 * `zone` (market time or UTC).
 */
export function describeBinding(
  route: Pick<BindingRoute, 'choice' | 'threshold' | 'limit'>,
  datasetText: string,
  zone: string,
): string {
  return [
    datasetText,
    formatInstantRange(route.choice.start, route.choice.end, zone),
    route.threshold === null ? 'every binding row' : `|shadow price| > ${route.threshold} $/MWh`,
    `at most ${formatCount(route.limit)} rows`,
  ].join(' · ');
}
