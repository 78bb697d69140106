import type { ReactNode } from 'react';
import type { BindingObservation, Constraint } from '../../../../shared/schemas/constraints.js';
import { formatCount, formatSource } from '../../lib/format.js';
import { formatInstant } from '../../../../shared/time/format.js';
import { formatCost } from '../../features/constraints/format.js';
import { bindingFacts } from './facts.js';

/** Props of {@link ConstraintFacts}: the binding observations in the window and, when listed, the constraint. */
export interface ConstraintFactsProps {
  observations: readonly BindingObservation[];
  constraint: Constraint | undefined;
  /** The zone times are written in (market time or UTC). */
  zone: string;
}

/** Peak |shadow price|, binding intervals and total cost (Σ |shadow price| × hours) in the window, and when it was seen. */
export function ConstraintFacts({ observations, constraint, zone }: ConstraintFactsProps) {
  const f = bindingFacts(observations);
  const facts: [string, ReactNode][] = [
    ['Peak |shadow price| ($/MWh)', f.peakAbs === null ? '—' : `${formatCost(f.peakAbs)} at ${formatInstant(f.peakAt, zone)}`],
    ['Binding intervals', formatCount(f.intervals)],
    ['Total cost ($/MW)', formatCost(f.totalCost)],
  ];
  if (constraint)
    facts.push(
      ['Market', formatSource(constraint.market_id)],
      ['First seen', formatInstant(constraint.earliest_seen_utc, zone)],
      ['Last seen', formatInstant(constraint.latest_seen_utc, zone)],
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
