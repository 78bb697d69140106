import { useMemo } from 'react';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { useGridQuery } from '../../features/constraints/gridQueries.js';

/**
 * What the detail page reads about one constraint for a dataset and window: its list entry (name, market, first and
 * last seen, datasets; the same answer as the constraints page with no filter) and its binding in the window
 * (`constraints:bindingLocations`, ranked by peak |shadow price|; `binding` undefined when it did not bind), and its
 * location (`constraints:location`).
 */
export function useConstraintDetail(constraintId: string, choice: GridChoice) {
  const window = { start: choice.start, end: choice.end };
  const list = useGridQuery('constraints:list', { costWindow: window });
  // The map section reads the same answer (one request): here it names a constraint that neither list has.
  const location = useGridQuery('constraints:location', { constraintId });
  const bindingQuery = useGridQuery('constraints:bindingLocations', { datasetId: choice.datasetId, window });
  const constraint = useMemo(
    () => list.data?.constraints.find((c) => c.gs_entity_id === constraintId),
    [list.data, constraintId],
  );
  const binding = useMemo(
    () => bindingQuery.data?.constraints.find((c) => c.constraint_gs_entity_id === constraintId),
    [bindingQuery.data, constraintId],
  );
  return { list, constraint, bindingQuery, binding, location, synthetic: bindingQuery.data?.synthetic ?? [] };
}
