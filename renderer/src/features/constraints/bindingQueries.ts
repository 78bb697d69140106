import type { PeakFilter } from '../../../../shared/time/peak.js';
import type { GridChoice } from './gridChoice.js';
import { useGridQuery } from './gridQueries.js';
import type { GridInput, GridQueryOptions } from './gridQueries.js';

/**
 * The binding window of a grid choice (docs/desktop.md#the-binding-window-store): the dataset, market and window every
 * binding-window verb is asked with. Built the same way on every screen, so the list, the constraint detail and the
 * contingency view share one TanStack answer per verb (and main asks /v1 once per window).
 */
export function bindingScope(choice: GridChoice, peak: PeakFilter): GridInput<'binding:constraints'> {
  return { datasetId: choice.datasetId, market: choice.market, window: { start: choice.start, end: choice.end }, peak };
}

/** The constraints that bound in the choice's window (after the peak filter), each summed; `contingencyId` keeps one contingency's rows. */
export function useBoundConstraints(choice: GridChoice, peak: PeakFilter, contingencyId?: string, options?: GridQueryOptions) {
  return useGridQuery(
    'binding:constraints',
    { ...bindingScope(choice, peak), ...(contingencyId ? { contingencyId } : {}) },
    options,
  );
}

/** The contingencies named on binding rows of the choice's window; `constraintId` keeps one constraint's rows. */
export function useBoundContingencies(choice: GridChoice, peak: PeakFilter, constraintId?: string, options?: GridQueryOptions) {
  return useGridQuery(
    'binding:contingencies',
    { ...bindingScope(choice, peak), ...(constraintId ? { constraintId } : {}) },
    options,
  );
}

/** One constraint's signed shadow price per binding interval of the choice's window. */
export function useBindingSeries(choice: GridChoice, peak: PeakFilter, constraintId: string, options?: GridQueryOptions) {
  return useGridQuery('binding:series', { ...bindingScope(choice, peak), constraintId }, options);
}
