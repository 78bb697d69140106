import { useMemo } from 'react';
import type { BoundContingency } from '../../../../shared/bridge/binding.js';
import { formatInstantRange } from '../../../../shared/time/format.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { formatSource } from '../../lib/format.js';
import { hrefs, navigate, replaceRoute } from '../../lib/router.js';
import { FactList, bindingFacts } from '../../features/constraints/BindingFacts.js';
import { useBoundContingencies } from '../../features/constraints/bindingQueries.js';
import { costTerm } from '../../features/constraints/boundColumns.js';
import { datasetName } from '../../features/constraints/constraintDatasets.js';
import { DatasetSelect } from '../../features/constraints/DatasetSelect.js';
import { gridSearch } from '../../features/constraints/gridChoice.js';
import { useGridQuery } from '../../features/constraints/gridQueries.js';
import { PeakControls } from '../../features/constraints/PeakControls.js';
import { peakParams } from '../../features/constraints/peakChoice.js';
import { useConstraintDatasets } from '../../features/constraints/useConstraintDatasets.js';
import { WindowForm } from '../../features/constraints/WindowForm.js';
import { ContingencyConstraints } from './ContingencyConstraints.js';
import { contingencySearch, readContingencyView } from './route.js';
import type { ContingencyView } from './route.js';
import './contingency.css';

/**
 * One contingency (`#/contingencies/<gs_entity_id>?dataset=&start=&end=&peak=&split=`): the constraints that bound
 * under it in the binding window and what they cost, over the hours chosen (docs/market-time.md#peak-buckets), from the
 * window's binding rows (docs/desktop.md#the-binding-window-store) — the same answer the contingencies tab shows, so
 * opening it from there asks /v1 nothing. When it did not bind, it says so and its name comes from the list.
 */
export function ContingencyPage({ contingencyId, search }: { contingencyId: string; search: string }) {
  const view = useMemo(() => readContingencyView(search), [search]);
  const { choice, peak } = view;
  const all = useBoundContingencies(choice, peak, undefined, { keepPrevious: true });
  const mine: BoundContingency | undefined = all.data?.contingencies.find((k) => k.contingency_gs_entity_id === contingencyId);
  const bound = all.isSuccess ? !!mine : null;
  // Only when it did not bind is the list asked for its name.
  const listed = useGridQuery('constraints:contingencies', {}, { enabled: bound === false });
  const entry = listed.data?.find((k) => k.gs_entity_id === contingencyId);
  const name = mine?.contingency_name ?? entry?.contingency_name ?? null;
  // Named once it bound (one answer for every grid screen): with the list asked for its name, a third request would be too many.
  const { options } = useConstraintDatasets({ mode: bound === true ? 'fetch' : 'cached' });
  const dataset = options.find((d) => d.id === choice.datasetId);
  const { zone } = useMarketTime(choice.market);
  const change = (patch: Partial<ContingencyView>) => {
    const href = hrefs.contingency(contingencyId, contingencySearch({ ...view, ...patch }));
    if (patch.choice) navigate(href);
    else replaceRoute(href);
  };

  return (
    <article className="page cs-detail" aria-labelledby="contingency-title" data-testid="contingency-view">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href={hrefs.constraints(gridSearch(choice, { tab: 'contingencies', ...peakParams(peak, view.split) }))}>
          ← Contingencies
        </a>
      </nav>
      <header className="page-header">
        <h1 id="contingency-title">{name ?? (all.isPending || listed.isFetching ? 'Contingency…' : 'Contingency')}</h1>
        <p className="subtitle">
          <span className="badge">{formatSource(choice.market)}</span>
          <span className="muted">Contingency: the outage its constraints were studied under</span>
        </p>
        <WindowForm
          label="Dataset and window"
          idPrefix="window"
          market={choice.market}
          start={choice.start}
          end={choice.end}
          onApply={(w) => change({ choice: { ...choice, ...w } })}
        >
          <DatasetSelect
            id="contingency-dataset"
            label="Dataset"
            value={choice.datasetId}
            datasets={options}
            onChange={(datasetId) => change({ choice: { ...choice, datasetId } })}
            filter={(d) => d.priced !== false}
            testId="contingency-dataset"
          />
          <PeakControls
            idPrefix="contingency"
            market={choice.market}
            peak={peak}
            onPeak={(p) => change({ peak: p })}
            split={view.split}
            onSplit={(split) => change({ split })}
          />
        </WindowForm>
      </header>
      {all.isPending && <Skeleton label="Loading the binding rows…" rows={4} testId="contingency-loading" />}
      {all.isError && (
        <ErrorState error={all.error} what="the binding rows" verb="binding:contingencies" onRetry={() => void all.refetch()} />
      )}
      {bound === false && (
        <div className="empty-state cs-not-binding" data-testid="contingency-not-binding">
          <p>
            {name ? `${name} ` : `The contingency ${contingencyId} `}
            named no binding row in {datasetName(options, choice.datasetId)}, {formatInstantRange(choice.start, choice.end, zone)}
            {peak === 'all' ? '' : ' in the hours chosen'}.
          </p>
          {listed.isSuccess && !entry && <p>No contingency of this data service has that id: the link may be old.</p>}
        </div>
      )}
      {mine && (
        <>
          <section className="card cs-section" aria-labelledby="cs-kfacts-title">
            <h2 id="cs-kfacts-title">In the window</h2>
            <FactList
              facts={[
                ['Constraints bound', String(mine.constraints)],
                ...bindingFacts(mine, zone, costTerm(dataset?.kind ?? null)),
              ]}
              testId="contingency-facts"
              className="cs-contingency-facts"
            />
          </section>
          <ContingencyConstraints contingencyId={contingencyId} view={view} zone={zone} kind={dataset?.kind ?? null} />
        </>
      )}
    </article>
  );
}
