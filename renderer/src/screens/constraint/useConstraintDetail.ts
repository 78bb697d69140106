import { useMemo } from 'react';
import type { PeakFilter } from '../../../../shared/time/peak.js';
import { useBindingSeries, useBoundConstraints, useBoundContingencies } from '../../features/constraints/bindingQueries.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { useGridQuery } from '../../features/constraints/gridQueries.js';

/** The /v1 default `limit` of the constraint list (docs/api.md#constraint-list): a list this long may leave some out. */
export const LIST_LIMIT = 10_000;

/**
 * What the detail page reads about one constraint for a dataset, window and hours, in at most two /v1 requests on a
 * first open (docs/desktop.md#the-request-budget): its list entry (name, market, first and last seen, datasets; the
 * constraints page's own answer, shared) and the window's binding rows (docs/desktop.md#the-binding-window-store), from
 * which its figures (`bound`, undefined when it did not bind), its shadow price per interval and its contingencies come.
 */
export function useConstraintDetail(constraintId: string, choice: GridChoice, peak: PeakFilter) {
  const list = useGridQuery('constraints:list', {});
  const boundQuery = useBoundConstraints(choice, peak, undefined, { keepPrevious: true });
  const series = useBindingSeries(choice, peak, constraintId, { keepPrevious: true });
  const contingencies = useBoundContingencies(choice, peak, constraintId, { keepPrevious: true });
  const constraint = useMemo(
    () => list.data?.constraints.find((c) => c.gs_entity_id === constraintId),
    [list.data, constraintId],
  );
  const bound = useMemo(
    () => boundQuery.data?.constraints.find((c) => c.constraint_gs_entity_id === constraintId),
    [boundQuery.data, constraintId],
  );
  // Named by neither answer, with a list short enough to be whole: most likely an unknown id (a stale link).
  const unknown = list.isSuccess && boundQuery.isSuccess && !constraint && !bound && list.data.constraints.length < LIST_LIMIT;
  return { list, constraint, boundQuery, bound, series, contingencies, unknown };
}
