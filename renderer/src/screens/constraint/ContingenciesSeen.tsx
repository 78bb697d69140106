import type { UseQueryResult } from '@tanstack/react-query';
import type { ContractResults } from '../../../../shared/bridge/contract.js';
import type { PeakFilter } from '../../../../shared/time/peak.js';
import { labelWithUnit, termOf } from '../../../../shared/vocabulary/columns.js';
import { formatNumber } from '../../../../shared/vocabulary/formats.js';
import { ErrorState } from '../../components/ErrorState.js';
import { HelpTip } from '../../components/HelpTip.js';
import { Skeleton } from '../../components/Skeleton.js';
import { hrefs } from '../../lib/router.js';
import { costTerm } from '../../features/constraints/boundColumns.js';
import type { PriceKind } from '../../features/constraints/constraintDatasets.js';
import { gridSearch } from '../../features/constraints/gridChoice.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { peakParams } from '../../features/constraints/peakChoice.js';

/** Props of {@link ContingenciesSeen}: the constraint's contingencies in the window, and the page's choices. */
export interface ContingenciesSeenProps {
  query: UseQueryResult<ContractResults['binding:contingencies']>;
  choice: GridChoice;
  peak: PeakFilter;
  kind: PriceKind | null;
}

/**
 * The contingencies named on the constraint's binding rows in the window (`binding:contingencies` with its id), each
 * with its binding intervals, the intervals where its row had the constraint's largest |shadow price| (the chart's
 * point), and the absolute cost of its rows; each opens the contingency's view.
 */
export function ContingenciesSeen({ query, choice, peak, kind }: ContingenciesSeenProps) {
  const rows = query.data?.contingencies ?? [];
  const head = (name: string) => {
    const term = termOf(name);
    return (
      <th scope="col" className="num" title={name}>
        {labelWithUnit(term)}
        {term.help && <HelpTip text={term.help} about={term.label} />}
      </th>
    );
  };
  const link = gridSearch(choice, peakParams(peak));
  return (
    <section className="card cs-section" aria-labelledby="cs-cont-title">
      <h2 id="cs-cont-title">Contingencies seen</h2>
      {query.isPending && <Skeleton label="Loading contingencies…" rows={3} testId="contingencies-loading" />}
      {query.isError && (
        <ErrorState
          error={query.error}
          what="its contingencies"
          verb="binding:contingencies"
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess && rows.length === 0 && (
        <p className="muted">No contingency is named on its binding rows in this window.</p>
      )}
      {rows.length > 0 && (
        <div className="table-wrap">
          <table className="data-table compact cs-contingencies" data-testid="constraint-contingencies">
            <thead>
              <tr>
                <th scope="col">Contingency</th>
                {head('binding_interval_count')}
                {head('peak_intervals')}
                {head(costTerm(kind))}
              </tr>
            </thead>
            <tbody>
              {rows.map((k) => (
                <tr key={k.contingency_gs_entity_id ?? '(none)'} data-contingency-id={k.contingency_gs_entity_id ?? ''}>
                  <td>
                    {k.contingency_gs_entity_id ? (
                      <a href={hrefs.contingency(k.contingency_gs_entity_id, link)}>{k.contingency_name}</a>
                    ) : (
                      <span className="muted">{k.contingency_name ?? 'No contingency named'}</span>
                    )}
                  </td>
                  <td className="num">{formatNumber(k.binding_intervals, 'count')}</td>
                  <td className="num">{formatNumber(k.peak_intervals, 'count')}</td>
                  <td className="num">{formatNumber(k.absolute_cost, 'money')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
