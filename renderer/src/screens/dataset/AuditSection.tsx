import type { AuditRow } from '../../../../shared/schemas/dataset.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { formatCount } from '../../lib/format.js';
import { useDatasetAudit } from '../../lib/queries.js';
import { AuditChart } from './AuditChart.js';

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

/**
 * `datasets:audit` (docs/api.md#dataset-audit): the counts per market date as a chart (gaps marked), then as a table
 * with a total row; `timezone` is the dataset's `data_timezone`, in which a market date is a day. Errors (e.g.
 * `forbidden`) stay in the section.
 */
export function AuditSection({ datasetId, timezone }: { datasetId: string; timezone?: string }) {
  const audit = useDatasetAudit(datasetId);
  return (
    <section aria-labelledby="audit-title" className="card" data-testid="audit-section">
      <h2 id="audit-title">Audit {audit.data && <span className="muted">({audit.data.length} market dates)</span>}</h2>
      <p className="muted">Counts per market date: the date of each row’s time index{timezone ? ` in ${timezone}` : ''}.</p>
      {audit.isPending && <Skeleton label="Loading audit…" rows={4} testId="audit-loading" />}
      {audit.isError && <ErrorState error={audit.error} what="the audit" onRetry={() => void audit.refetch()} />}
      {audit.data && audit.data.length === 0 && <p className="muted">No audit rows for this dataset.</p>}
      {audit.data && audit.data.length > 0 && (
        <>
          <AuditChart rows={audit.data} />
          <AuditTable rows={audit.data} />
        </>
      )}
    </section>
  );
}

// A count that is 0 on every date means the dataset lacks that column (docs/api.md#dataset-audit): its column is left out.
function AuditTable({ rows }: { rows: AuditRow[] }) {
  const t = totals(rows);
  const subseries = rows.some((r) => r.number_of_unique_subseries_index_values > 0);
  const publish = rows.some((r) => r.number_of_unique_publish_times_on_publish_date > 0);
  const notAdditive = (
    <td className="num muted" title="Distinct values per day do not add up across days">
      —
    </td>
  );
  return (
    <div className="table-wrap">
      <table className="data-table compact audit-table" data-testid="audit-table">
        <thead>
          <tr>
            <th scope="col">Market date</th>
            <th scope="col" className="num" title="Rows whose time index falls on this market date">
              Data points
            </th>
            <th scope="col" className="num" title="Distinct time index values on this market date">
              Unique time index values
            </th>
            {subseries && (
              <th scope="col" className="num" title="Distinct subseries values on this market date">
                Unique subseries values
              </th>
            )}
            {publish && (
              <th
                scope="col"
                className="num"
                title="Distinct publish times whose own date, in the market’s time zone, is this date"
              >
                Publish times falling on this date
              </th>
            )}
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
              {subseries && <td className="num">{formatCount(r.number_of_unique_subseries_index_values)}</td>}
              {publish && <td className="num">{formatCount(r.number_of_unique_publish_times_on_publish_date)}</td>}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="audit-total">
            <th scope="row">Total ({rows.length} days)</th>
            <td className="num">{formatCount(t.datapoints)}</td>
            <td className="num">{formatCount(t.timeIndex)}</td>
            {subseries && notAdditive}
            {publish && notAdditive}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
