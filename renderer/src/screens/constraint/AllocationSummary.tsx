import type { GridResults } from '../../../../shared/bridge/grid.js';
import { formatFigure, termOf } from '../../../../shared/vocabulary/index.js';

const COST = termOf('cost_in_window');
const ALLOCATED = termOf('allocated_cost');
const UNEXPLAINED = termOf('unexplained_cost');

/**
 * One line under the overlap list: the constraint's cost in the window = what its near outages were allocated + the
 * unexplained rest (docs/overlap.md#allocation), so the list reads as a split of one whole, never as a sum past it.
 */
export function AllocationSummary({ answer }: { answer: GridResults['overlap:forConstraint'] }) {
  const allocated = answer.outages.reduce((s, o) => s + o.allocated_cost, 0);
  const share = answer.cost_in_window > 0 ? Math.round((allocated / answer.cost_in_window) * 100) : 0;
  return (
    <p
      className="muted"
      data-testid="overlap-summary"
      data-cost={answer.cost_in_window}
      data-unexplained={answer.unexplained_cost}
      data-allocated={allocated}
    >
      {COST.label}: {formatFigure(COST, answer.cost_in_window)} = {ALLOCATED.label.toLowerCase()} to these outages{' '}
      {formatFigure(ALLOCATED, allocated)} ({share} %) + {UNEXPLAINED.label.toLowerCase()}{' '}
      {formatFigure(UNEXPLAINED, answer.unexplained_cost)} (no near outage out).
    </p>
  );
}
