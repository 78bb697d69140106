import { useMemo } from 'react';
import { PEAK_FILTER_LABELS } from '../../../../shared/time/peak.js';
import { formatInstantRange } from '../../../../shared/time/format.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { navigate, replaceRoute } from '../../lib/router.js';
import { useAllLocations } from '../../features/constraints/locationQueries.js';
import { gridSearch } from '../../features/constraints/gridChoice.js';
import { noShadowPriceRefusal, notConstraintDatasetRefusal } from '../../features/constraints/refusals.js';
import { SyntheticBadge } from '../../features/constraints/SyntheticBadge.js';
import { pathHref, readPathRoute } from '../../features/paths/pathRoute.js';
import type { PathView } from '../../features/paths/pathRoute.js';
import { usePathCongestion } from '../../features/paths/pathQueries.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { WatchStar } from '../../features/watchlist/WatchStar.js';
import { PathChart } from './PathChart.js';
import { PathContributors } from './PathContributors.js';
import { PathForm, REFERENCE_LABEL } from './PathForm.js';
import { PathSummary } from './PathSummary.js';
import { PathTable } from './PathTable.js';
import './paths.css';

const GROUPINGS: { value: PathView['group']; label: string }[] = [
  { value: 'constraint', label: 'By constraint' },
  { value: 'constraint_contingency', label: 'By constraint and contingency' },
];

/**
 * A source → sink path (`#/paths?…`, docs/paths.md): its congestion per constraint over a window, real-time and
 * day-ahead side by side, by hours' bucket, over market days, with its top contributors — summed in main's workspace
 * (`paths:congestion`). Every choice lives in the address (features/paths/pathRoute.ts).
 */
export function PathsPage({ search }: { search: string }) {
  const view = useMemo(() => readPathRoute(search), [search]);
  const locations = useAllLocations();
  const q = usePathCongestion(view);
  const { zone } = useMarketTime(view.market);
  const nameOf = (id: string | null) =>
    id === null ? REFERENCE_LABEL : (locations.data?.find((l) => l.gs_entity_id === id)?.name ?? id);
  // New ends, datasets or window are a new history entry (Back returns to them); the hours and grouping replace it.
  const change = (patch: Partial<PathView>) => {
    const next = { ...view, ...patch };
    const shown = (Object.keys(patch) as (keyof PathView)[]).every((k) => k === 'peak' || k === 'group');
    (shown ? replaceRoute : navigate)(pathHref(next));
  };
  const refusal = noShadowPriceRefusal(q.error) ?? notConstraintDatasetRefusal(q.error);
  // The answer covers both datasets: the refusal names the one it is about.
  const refused = (id: string | null) => (refusal && id && toGsError(q.error).message.includes(id) ? refusal : null);
  const problems = { rt: refused(view.rt), da: refused(view.da) };
  const constraintSearch = gridSearch({
    datasetId: view.rt ?? view.da ?? '',
    market: view.market,
    start: view.start,
    end: view.end,
  });
  const answer = q.data;
  const hours = view.peak === 'all' ? '' : `, ${PEAK_FILTER_LABELS[view.peak]} hours`;

  return (
    <article className="page paths-page" aria-labelledby="paths-title" data-testid="paths-page">
      <header className="page-header">
        <h1 id="paths-title">Path congestion</h1>
        <p className="subtitle" data-testid="path-ends">
          {nameOf(view.source)} → {nameOf(view.sink)}
        </p>
        {/* A watched path is two locations (the reference is no location) and one dataset its changes are read from. */}
        {view.source && view.sink && view.source !== view.sink && (view.rt ?? view.da) && (
          <WatchStar
            target={{
              kind: 'path',
              name: `${nameOf(view.source)} → ${nameOf(view.sink)}`,
              market: view.market,
              datasetId: (view.rt ?? view.da)!,
              address: pathHref(view),
              sourceId: view.source,
              sinkId: view.sink,
            }}
          />
        )}
      </header>
      <PathForm view={view} locations={locations.data ?? []} onChange={change} problems={problems} />
      {view.source === view.sink && (
        <p className="notice" role="status" data-testid="path-same-ends">
          The source and the sink are the same: pick two different ends (either may be the reference).
        </p>
      )}
      {view.rt === null && view.da === null && (
        <p className="notice" role="status">
          Pick a real-time or a day-ahead dataset (or both).
        </p>
      )}
      {q.isPending && q.fetchStatus !== 'idle' && <Skeleton label="Summing the path’s congestion…" rows={6} />}
      {q.isError && !problems.rt && !problems.da && (
        <ErrorState error={q.error} what="the path’s congestion" verb="paths:congestion" onRetry={() => void q.refetch()} />
      )}
      {answer && (
        <>
          <section className="card path-section" aria-labelledby="path-totals-title" data-testid="path-totals">
            <header className="path-section-header">
              <h2 id="path-totals-title">
                Congestion on the path{' '}
                <span className="muted" data-testid="path-window">
                  {formatInstantRange(view.start, view.end, zone)}
                </span>
              </h2>
              <SyntheticBadge fields={answer.sides.rt?.synthetic ?? answer.sides.da?.synthetic ?? []} explain />
            </header>
            <p className="muted path-note">
              Sink’s adjusted cost − source’s, per constraint: Σ |shadow price| × interval hours × (sink’s shift factor − source’s
              shift factor). Positive: congestion raised the sink’s price against the source’s.
            </p>
            {[answer.sides.rt, answer.sides.da].some((s) => s?.window.limitReached) && (
              <p className="warning-box">
                A binding window held more rows than one answer: these figures count only the rows received.
              </p>
            )}
            <PathSummary answer={answer} peak={view.peak} />
          </section>
          <section className="card path-section" aria-labelledby="path-where-title">
            <h2 id="path-where-title">
              Where it came from <span className="muted">{hours}</span>
            </h2>
            <div className="path-visuals">
              <PathContributors answer={answer} peak={view.peak} constraintSearch={constraintSearch} />
              <PathChart days={answer.days} peak={view.peak} />
            </div>
          </section>
          <section className="card path-section" aria-labelledby="path-table-title">
            <header className="path-section-header">
              <h2 id="path-table-title">
                Per constraint <span className="muted">{hours}</span>
              </h2>
              <div className="grouping" role="radiogroup" aria-label="Group the path's congestion" data-testid="path-grouping">
                {GROUPINGS.map((g) => (
                  <label key={g.value}>
                    <input
                      type="radio"
                      name="path-grouping"
                      checked={view.group === g.value}
                      onChange={() => change({ group: g.value })}
                    />
                    {g.label}
                  </label>
                ))}
              </div>
            </header>
            <PathTable answer={answer} peak={view.peak} constraintSearch={constraintSearch} />
          </section>
        </>
      )}
    </article>
  );
}
