import type { ReactNode } from 'react';
import type { BindingObservation, Constraint } from '../../../../shared/schemas/constraints.js';
import { formatCount, formatSource, formatUtc } from '../../lib/format.js';
import { formatCost } from '../../features/constraints/format.js';
import { bindingFacts } from './facts.js';

/** Props of {@link ConstraintFacts}: the binding observations in the window and, when listed, the constraint. */
export interface ConstraintFactsProps {
  observations: readonly BindingObservation[];
  constraint: Constraint | undefined;
}

/** Peak |shadow price|, binding intervals and total cost (Σ |shadow price| × hours) in the window, and when it was seen. */
export function ConstraintFacts({ observations, constraint }: ConstraintFactsProps) {
  const f = bindingFacts(observations);
  const facts: [string, ReactNode][] = [
    ['Peak |shadow price| ($/MWh)', f.peakAbs === null ? '—' : `${formatCost(f.peakAbs)} at ${formatUtc(f.peakAt)}`],
    ['Binding intervals', formatCount(f.intervals)],
    ['Total cost ($/MW)', formatCost(f.totalCost)],
  ];
  if (constraint)
    facts.push(
      ['Market', formatSource(constraint.market_id)],
      ['First seen', formatUtc(constraint.earliest_seen_utc)],
      ['Last seen', formatUtc(constraint.latest_seen_utc)],
    );
  return (
    <dl className="facts" data-testid="constraint-facts">
      {facts.map(([term, value]) => (
        <div key={term} className="fact" data-fact={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
