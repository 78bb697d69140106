import type { ReactNode } from 'react';
import type { BindingSummary } from '../../../../shared/bridge/binding.js';
import { formatInstant } from '../../../../shared/time/format.js';
import { figure, termOf } from '../../../../shared/vocabulary/columns.js';
import { HelpTip } from '../../components/HelpTip.js';

/** One fact: its label (the term's, with a `?` where the vocabulary explains it) and its value. */
export type Fact = [label: string, value: ReactNode, help?: string];

/**
 * What a constraint or contingency's binding rows add up to in the window, as facts: peak |shadow price| and when,
 * binding intervals and hours, first and last binding interval (in market time `zone`), absolute cost and its split by
 * peak bucket (docs/market-time.md#peak-buckets: on-peak, 2x16, 7x8; off-peak is the last two). `costTerm` names the
 * cost ("Real-time absolute cost" for a real-time dataset).
 */
export function bindingFacts(b: BindingSummary, zone: string, costTerm = 'absolute_cost'): Fact[] {
  const peak = figure('peak_abs_shadow_price', b.peak_abs_shadow_price);
  const cost = figure(costTerm, b.absolute_cost);
  const split = (name: string, value: number): Fact => {
    const f = figure(name, value);
    return [f.label, f.value, termOf(name).help];
  };
  return [
    [peak.label, b.peak_abs_shadow_price === null ? '—' : `${peak.value} at ${formatInstant(b.peak_interval_start_utc, zone)}`],
    ['Binding intervals', figure('binding_interval_count', b.binding_intervals).value],
    ['Binding hours', figure('binding_hours', b.binding_hours).value],
    ['First binding interval', formatInstant(b.first_binding_utc, zone)],
    ['Last binding interval', formatInstant(b.last_binding_utc, zone)],
    [cost.label, cost.value, termOf(costTerm).help],
    split('on_peak_cost', b.bucket_costs.on_peak),
    split('off_peak_cost', b.bucket_costs['2x16'] + b.bucket_costs['7x8']),
    split('cost_2x16', b.bucket_costs['2x16']),
    split('cost_7x8', b.bucket_costs['7x8']),
  ];
}

/** Facts as a definition list (`data-fact` names each for tests), a `?` by those with help. */
export function FactList({ facts, testId, className }: { facts: readonly Fact[]; testId: string; className?: string }) {
  return (
    <dl className={className ? `facts ${className}` : 'facts'} data-testid={testId}>
      {facts.map(([term, value, help]) => (
        <div key={term} className="fact" data-fact={term}>
          <dt>
            {term}
            {help && <HelpTip text={help} about={term} />}
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
