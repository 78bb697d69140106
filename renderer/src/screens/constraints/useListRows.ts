import { useMemo } from 'react';
import type { BoundConstraint, BoundContingency } from '../../../../shared/bridge/binding.js';
import { useBoundConstraints, useBoundContingencies } from '../../features/constraints/bindingQueries.js';
import { useGridQuery } from '../../features/constraints/gridQueries.js';
import type { ConstraintRow, ContingencyRow } from './columns.js';
import { activeAfterInstant } from './route.js';
import type { ListState } from './route.js';

const inMarkets = (markets: readonly string[]) => (m: string | null) => markets.length === 0 || (!!m && markets.includes(m));

/** Name of the group of binding rows that named no contingency. */
export const NO_CONTINGENCY = 'No contingency named';

/**
 * The rows of the constraints page's tab: the list (`constraints:list` or `constraints:contingencies`, with the search
 * and "active after"; no costs asked, so every window shares one answer) joined with the binding window's figures
 * (`binding:constraints` / `binding:contingencies`, docs/desktop.md#the-binding-window-store) by `gs_entity_id`, kept
 * to the market filter and — unless `showAll` — to the rows that bound; a day typed as "active after" starts in `zone`. Two requests on a first open, none on a reopen.
 */
export function useListRows(state: ListState, zone: string) {
  const filters = {
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
    ...(state.activeAfter ? { activeAfter: activeAfterInstant(state.activeAfter, zone) } : {}),
  };
  const onConstraints = state.tab === 'constraints';
  const list = useGridQuery('constraints:list', filters, { keepPrevious: true, enabled: onConstraints });
  const contingencyList = useGridQuery('constraints:contingencies', filters, { keepPrevious: true, enabled: !onConstraints });
  const boundConstraints = useBoundConstraints(state.choice, state.peak, undefined, {
    keepPrevious: true,
    enabled: onConstraints,
  });
  const boundContingencies = useBoundContingencies(state.choice, state.peak, undefined, {
    keepPrevious: true,
    enabled: !onConstraints,
  });
  const keep = inMarkets(state.markets);
  const { markets, showAll, search } = state;
  const market = state.choice.market;

  const constraintRows = useMemo((): ConstraintRow[] => {
    const byId = new Map<string, BoundConstraint>();
    for (const b of boundConstraints.data?.constraints ?? [])
      if (b.constraint_gs_entity_id) byId.set(b.constraint_gs_entity_id, b);
    return (list.data?.constraints ?? [])
      .filter((c) => inMarkets(markets)(c.market_id))
      .map((c) => ({ id: c.gs_entity_id, constraint: c, bound: byId.get(c.gs_entity_id) ?? null }))
      .filter((r) => showAll || r.bound);
  }, [list.data, boundConstraints.data, markets, showAll]);

  const contingencyRows = useMemo((): ContingencyRow[] => {
    const byId = new Map<string, BoundContingency>();
    let unnamed: BoundContingency | undefined;
    for (const b of boundContingencies.data?.contingencies ?? [])
      if (b.contingency_gs_entity_id) byId.set(b.contingency_gs_entity_id, b);
      else if (!b.contingency_name) unnamed = b;
    const rows: ContingencyRow[] = (contingencyList.data ?? [])
      .filter((c) => inMarkets(markets)(c.market_id))
      .map((c) => ({
        id: c.gs_entity_id,
        name: c.contingency_name,
        market_id: c.market_id,
        entry: c,
        bound: byId.get(c.gs_entity_id) ?? null,
      }))
      .filter((r) => showAll || r.bound);
    // Rows that named no contingency are no list entry, but they cost too: one line of their own, without a view.
    if (unnamed && !search.trim()) rows.push({ id: null, name: NO_CONTINGENCY, market_id: market, entry: null, bound: unnamed });
    return rows;
  }, [contingencyList.data, boundContingencies.data, markets, showAll, search, market]);

  const listQuery = onConstraints ? list : contingencyList;
  const boundQuery = onConstraints ? boundConstraints : boundContingencies;
  const listed = onConstraints
    ? (list.data?.constraints ?? []).filter((c) => keep(c.market_id)).length
    : (contingencyList.data ?? []).filter((c) => keep(c.market_id)).length;
  return {
    list,
    contingencyList,
    listQuery,
    boundQuery,
    window: boundQuery.data?.window,
    constraintRows,
    contingencyRows,
    /** Rows of the list after the market filter, bound or not (the "show all" count). */
    listed,
  };
}
