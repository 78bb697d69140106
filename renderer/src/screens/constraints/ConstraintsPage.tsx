import { useCallback, useMemo } from 'react';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { formatInstantRange } from '../../../../shared/time/format.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { hrefs, replaceRoute } from '../../lib/router.js';
import { ConstraintsTable } from './ConstraintsTable.js';
import { ContingenciesTable } from './ContingenciesTable.js';
import { useGridQuery } from '../../features/constraints/gridQueries.js';
import { useDatasetsOf } from '../../features/constraints/useConstraintDatasets.js';
import { ListControls } from './ListControls.js';
import { activeAfterInstant, listMarket, listSearch, readListState } from './route.js';
import type { ListState, ListTab } from './route.js';
import './constraints.css';

const TABS: [ListTab, string][] = [
  ['constraints', 'Constraints'],
  ['contingencies', 'Contingencies'],
];

const inMarkets = (markets: readonly string[]) => (m: string | null) => markets.length === 0 || (!!m && markets.includes(m));

/**
 * Constraints screen (`#/constraints?…`, docs/api.md#constraint-list and #contingency-list): the constraints with their
 * RT and DA absolute costs over the cost window, and the contingencies. Search and "active after" go to the service;
 * the market filter picks among the markets of the answer. Everything chosen lives in the address; `selected`
 * highlights a constraint (a link from the map).
 */
export function ConstraintsPage({ search }: { search: string }) {
  const state = useMemo(() => readListState(search), [search]);
  const update = useCallback(
    (patch: Partial<ListState>) => replaceRoute(hrefs.constraints(listSearch({ ...readListState(search), ...patch }))),
    [search],
  );
  const { zone } = useMarketTime(listMarket(state));
  const activeAfter = activeAfterInstant(state.activeAfter, zone);
  const filters = {
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
    ...(activeAfter ? { activeAfter } : {}),
  };
  const constraints = useGridQuery(
    'constraints:list',
    { ...filters, costWindow: { start: state.choice.start, end: state.choice.end } },
    { keepPrevious: true, enabled: state.tab === 'constraints' },
  );
  const contingencies = useGridQuery('constraints:contingencies', filters, {
    keepPrevious: true,
    enabled: state.tab === 'contingencies',
  });
  const active = state.tab === 'constraints' ? constraints : contingencies;
  const datasets = useDatasetsOf(constraints.data);

  const answerMarkets = useMemo(() => {
    const list = state.tab === 'constraints' ? constraints.data?.constraints : contingencies.data;
    const ms = new Set<string>(state.markets);
    for (const row of list ?? []) if (row.market_id) ms.add(row.market_id);
    return [...ms].sort();
  }, [state.tab, state.markets, constraints.data, contingencies.data]);
  const shownConstraints = useMemo(
    () => (constraints.data?.constraints ?? []).filter((c) => inMarkets(state.markets)(c.market_id)),
    [constraints.data, state.markets],
  );
  const shownContingencies = useMemo(
    () => (contingencies.data ?? []).filter((c) => inMarkets(state.markets)(c.market_id)),
    [contingencies.data, state.markets],
  );
  // Listed but none bound in the cost window: say why every cost is a dash, rather than leave a column of them.
  const noCosts =
    shownConstraints.length > 0 && shownConstraints.every((c) => c.rt_absolute_cost == null && c.da_absolute_cost == null);
  const empty = (
    <p>
      No {state.tab} match {state.search ? `“${state.search}”` : 'these filters'}.{' '}
      <button type="button" className="link-button" onClick={() => update({ search: '', markets: [], activeAfter: '' })}>
        Clear the filters
      </button>
    </p>
  );

  return (
    <section className="page cs-page" aria-labelledby="constraints-title" data-testid="constraints-page">
      <header className="page-header">
        <h1 id="constraints-title">Constraints</h1>
        <ListControls state={state} markets={answerMarkets} onChange={update} />
      </header>
      <div className="cs-tabs" role="tablist" aria-label="Tables">
        {TABS.map(([tab, label]) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`cs-tab-${tab}`}
            aria-selected={state.tab === tab}
            aria-controls="cs-tab-panel"
            onClick={() => update({ tab })}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="cs-tab-panel" role="tabpanel" id="cs-tab-panel" aria-labelledby={`cs-tab-${state.tab}`}>
        {active.isPlaceholderData && (
          <p className="muted cs-updating" role="status">
            Updating…
          </p>
        )}
        {active.isPending && <Skeleton label={`Loading ${state.tab}…`} testId="constraints-loading" />}
        {active.isError && (
          <ErrorState
            error={active.error}
            what={`the ${state.tab}`}
            verb={state.tab === 'constraints' ? 'constraints:list' : 'constraints:contingencies'}
            onRetry={() => void active.refetch()}
          />
        )}
        {state.tab === 'constraints' && constraints.isSuccess && noCosts && (
          <p className="notice" role="status" data-testid="no-costs">
            No constraint bound in {formatInstantRange(state.choice.start, state.choice.end, zone)}, so every cost is empty. Try a
            preset window, or one where a constraint was last seen.
          </p>
        )}
        {state.tab === 'constraints' && constraints.isSuccess && (
          <ConstraintsTable
            constraints={shownConstraints}
            choice={state.choice}
            datasets={datasets}
            selected={state.selected}
            empty={empty}
            zone={zone}
          />
        )}
        {state.tab === 'contingencies' && contingencies.isSuccess && (
          <ContingenciesTable contingencies={shownContingencies} empty={empty} zone={zone} />
        )}
      </div>
    </section>
  );
}
