import type { ReactNode } from 'react';
import type { BindingObservation, Constraint } from '../../../../shared/schemas/constraints.js';
import { formatCount, formatSource, formatUtc } from '../../lib/format.js';
import { HelpTip } from '../../components/HelpTip.js';
import { COST_HELP, figure } from '../../../../shared/vocabulary/index.js';
import { bindingFacts } from './facts.js';

/** Props of {@link ConstraintFacts}: the binding observations in the window and, when listed, the constraint. */
export interface ConstraintFactsProps {
  observations: readonly BindingObservation[];
  constraint: Constraint | undefined;
}

/**
 * Peak |shadow price|, binding intervals and absolute cost (Σ |shadow price| × hours) in the window, each a label with
 * a value and its unit as the vocabulary writes it (the map says the same), and when the constraint was seen.
 */
export function ConstraintFacts({ observations, constraint }: ConstraintFactsProps) {
  const f = bindingFacts(observations);
  const peak = figure('peak_abs_shadow_price', f.peakAbs);
  const cost = figure('absolute_cost', f.totalCost);
  const facts: [string, ReactNode, string?][] = [
    [peak.label, f.peakAbs === null ? '—' : `${peak.value} at ${formatUtc(f.peakAt)}`],
    ['Binding intervals', formatCount(f.intervals)],
    [cost.label, cost.value, COST_HELP.absolute],
  ];
  if (constraint)
    facts.push(
      ['Market', formatSource(constraint.market_id)],
      ['First seen', formatUtc(constraint.earliest_seen_utc)],
      ['Last seen', formatUtc(constraint.latest_seen_utc)],
    );
  return (
    <dl className="facts" data-testid="constraint-facts">
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
