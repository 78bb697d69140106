import { useCallback, useMemo } from 'react';
import { formatInstantRange } from '../../../../shared/time/format.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { hrefs, replaceRoute } from '../../lib/router.js';
import { datasetName } from '../../features/constraints/constraintDatasets.js';
import { useDatasetsOf } from '../../features/constraints/useConstraintDatasets.js';
import { ConstraintsTable, ContingenciesTable } from './ConstraintsTable.js';
import { ListControls } from './ListControls.js';
import { BoundSummary } from './BoundSummary.js';
import { listMarket, listSearch, readListState } from './route.js';
import type { ListState, ListTab } from './route.js';
import { useListRows } from './useListRows.js';
import './constraints.css';

const TABS: [ListTab, string][] = [
  ['constraints', 'Constraints'],
  ['contingencies', 'Contingencies'],
];

/**
 * Constraints screen (`#/constraints?…`, docs/api.md#constraint-list and #contingency-list): the constraints — or the
 * contingencies — that bound in the binding window (a dataset and a window; every constraint with "show all"), with
 * first and last binding interval in it, binding hours, peak |shadow price| and absolute cost, counted over the hours
 * chosen (docs/market-time.md#peak-buckets) and split by peak bucket on request. The figures come from the window's
 * binding rows (docs/desktop.md#the-binding-window-store). Everything chosen lives in the address.
 */
export function ConstraintsPage({ search }: { search: string }) {
  const state = useMemo(() => readListState(search), [search]);
  const update = useCallback(
    (patch: Partial<ListState>) => replaceRoute(hrefs.constraints(listSearch({ ...readListState(search), ...patch }))),
    [search],
  );
  const { zone } = useMarketTime(listMarket(state));
  const data = useListRows(state, zone);
  const onConstraints = state.tab === 'constraints';
  const rows = onConstraints ? data.constraintRows : data.contingencyRows;
  // Names and kinds of the datasets: the page's own list answer, or what the contingency answer says of them.
  const contingencies = data.contingencyList.data;
  const source = useMemo(
    () => data.list.data ?? (contingencies ? { constraints: contingencies, datasetMetadata: null } : undefined),
    [data.list.data, contingencies],
  );
  const datasets = useDatasetsOf(source);
  const dataset = datasets.find((d) => d.id === state.choice.datasetId);
  const windowText = formatInstantRange(state.choice.start, state.choice.end, zone);

  const answerMarkets = useMemo(() => {
    const ms = new Set<string>(state.markets);
    const list = onConstraints ? data.list.data?.constraints : contingencies;
    for (const row of list ?? []) if (row.market_id) ms.add(row.market_id);
    return [...ms].sort();
  }, [onConstraints, state.markets, data.list.data, contingencies]);

  const pending = data.listQuery.isPending || data.boundQuery.isPending;
  const failed = data.listQuery.isError ? data.listQuery : data.boundQuery.isError ? data.boundQuery : null;
  const nouns = onConstraints ? 'constraints' : 'contingencies';
  const empty = (
    <p>
      No {nouns} match {state.search ? `“${state.search}”` : 'these filters'}.{' '}
      <button type="button" className="link-button" onClick={() => update({ search: '', markets: [], activeAfter: '' })}>
        Clear the filters
      </button>
    </p>
  );
  const columnOptions = {
    choice: state.choice,
    peak: state.peak,
    datasets,
    zone,
    kind: dataset?.kind ?? null,
    split: state.split,
  };

  return (
    <section className="page cs-page" aria-labelledby="constraints-title" data-testid="constraints-page">
      <header className="page-header">
        <h1 id="constraints-title">Constraints</h1>
        <ListControls state={state} markets={answerMarkets} datasets={datasets} onChange={update} />
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
        {(data.listQuery.isPlaceholderData || data.boundQuery.isPlaceholderData) && (
          <p className="muted cs-updating" role="status">
            Updating…
          </p>
        )}
        {pending && !failed && <Skeleton label={`Loading ${nouns}…`} testId="constraints-loading" />}
        {failed && (
          <ErrorState
            error={failed.error}
            what={failed === data.listQuery ? `the ${nouns}` : 'the binding rows of the window'}
            verb={
              failed === data.listQuery
                ? onConstraints
                  ? 'constraints:list'
                  : 'constraints:contingencies'
                : onConstraints
                  ? 'binding:constraints'
                  : 'binding:contingencies'
            }
            onRetry={() => void failed.refetch()}
          />
        )}
        {!pending && !failed && (
          <>
            <BoundSummary
              state={state}
              shown={rows.length}
              bound={rows.filter((r) => r.bound).length}
              listed={data.listed}
              window={data.window}
              datasetText={datasetName(datasets, state.choice.datasetId)}
              windowText={windowText}
              onShowAll={(showAll) => update({ showAll })}
            />
            {onConstraints ? (
              <ConstraintsTable
                {...columnOptions}
                rows={data.constraintRows}
                windowText={windowText}
                empty={empty}
                selected={state.selected}
              />
            ) : (
              <ContingenciesTable {...columnOptions} rows={data.contingencyRows} windowText={windowText} empty={empty} />
            )}
          </>
        )}
      </div>
    </section>
  );
}
