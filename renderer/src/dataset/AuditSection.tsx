import type { AuditRow } from '../../../shared/schemas/dataset.js';
import { ErrorState } from '../components/ErrorState.js';
import { Skeleton } from '../components/Skeleton.js';
import { formatCount } from '../lib/format.js';
import { useDatasetAudit } from '../lib/queries.js';

// Only the additive counts: distinct-value counts per day do not add up.
function totals(rows: AuditRow[]) {
  let datapoints = 0;
  let timeIndex = 0;
  for (const r of rows) {
    datapoints += r.number_of_datapoints;
    timeIndex += r.number_of_unique_time_index_values;
  }
  return { datapoints, timeIndex };
}

/** `datasets:audit`: one row per market date plus a total row; errors (e.g. `forbidden`) stay in the section. */
export function AuditSection({ datasetId }: { datasetId: string }) {
  const audit = useDatasetAudit(datasetId);
  return (
    <section aria-labelledby="audit-title" className="card">
      <h2 id="audit-title">Audit {audit.data && <span className="muted">({audit.data.length} market dates)</span>}</h2>
      {audit.isPending && <Skeleton label="Loading audit…" rows={4} testId="audit-loading" />}
      {audit.isError && <ErrorState error={audit.error} what="the audit" onRetry={() => void audit.refetch()} />}
      {audit.data && audit.data.length === 0 && <p className="muted">No audit rows for this dataset.</p>}
      {audit.data && audit.data.length > 0 && <AuditTable rows={audit.data} />}
    </section>
  );
}

function AuditTable({ rows }: { rows: AuditRow[] }) {
  const t = totals(rows);
  return (
    <div className="table-wrap">
      <table className="grid compact" data-testid="audit-table">
        <thead>
          <tr>
            <th scope="col">Market date</th>
            <th scope="col" className="num">
              Datapoints
            </th>
            <th scope="col" className="num">
              Unique time index values
            </th>
            <th scope="col" className="num">
              Unique subseries values
            </th>
            <th scope="col" className="num">
              Unique publish times
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.market_date} data-testid="audit-row">
              <th scope="row" className="mono">
                {r.market_date}
              </th>
              <td className="num">{formatCount(r.number_of_datapoints)}</td>
              <td className="num">{formatCount(r.number_of_unique_time_index_values)}</td>
              <td className="num">{formatCount(r.number_of_unique_subseries_index_values)}</td>
              <td className="num">{formatCount(r.number_of_unique_publish_times_on_publish_date)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="audit-total">
            <th scope="row">Total ({rows.length} days)</th>
            <td className="num">{formatCount(t.datapoints)}</td>
            <td className="num">{formatCount(t.timeIndex)}</td>
            <td className="num muted" title="Distinct values per day do not add up across days">
              —
            </td>
            <td className="num muted" title="Distinct values per day do not add up across days">
              —
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
