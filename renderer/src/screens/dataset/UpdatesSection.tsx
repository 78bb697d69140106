import { useQuery } from '@tanstack/react-query';
import type { DatasetUpdate } from '../../../../shared/schemas/updates.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { callBridge, toGsError } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { formatCount } from '../../lib/format.js';
import { withRequestId } from '../../lib/requestId.js';
import '../../features/charts/charts.css';

/** Updates the dataset page lists (newest first). */
export const UPDATES_SHOWN = 100;

/** `datasets:updates` of one dataset, newest first; under `['datasets']` so a profile switch resets it. */
export function useDatasetUpdates(datasetId: string) {
  const api = useBridge();
  return useQuery({
    queryKey: ['datasets', 'updates', datasetId, UPDATES_SHOWN] as const,
    queryFn: ({ signal }) =>
      withRequestId((requestId) =>
        callBridge(api, 'datasets:updates', { datasetId, limit: UPDATES_SHOWN, requestId }, { signal }),
      ),
  });
}

/** `YYYY-MM-DD HH:mm:ss UTC`; unparseable text as given. */
export function formatUpdateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/**
 * The dataset's update history (docs/api.md#dataset-updates): when rows arrived, how many were inserted and updated, and
 * whether it was a backfill. A data service without the endpoint (`not_found`) is said in plain words, not as an error.
 */
export function UpdatesSection({ datasetId }: { datasetId: string }) {
  const updates = useDatasetUpdates(datasetId);
  const unsupported = updates.isError && toGsError(updates.error).code === 'not_found';
  return (
    <section aria-labelledby="updates-title" className="card" data-testid="updates-section">
      <h2 id="updates-title">
        Update history{' '}
        {updates.data && updates.data.length > 0 && (
          <span className="muted">
            ({updates.data.length === UPDATES_SHOWN ? `latest ${UPDATES_SHOWN}` : formatCount(updates.data.length)})
          </span>
        )}
      </h2>
      {updates.isPending && <Skeleton label="Loading update history…" rows={3} testId="updates-loading" />}
      {unsupported && <p className="muted">This data service does not report update history.</p>}
      {updates.isError && !unsupported && (
        <ErrorState error={updates.error} what="the update history" onRetry={() => void updates.refetch()} />
      )}
      {updates.data && updates.data.length === 0 && <p className="muted">No updates recorded for this dataset.</p>}
      {updates.data && updates.data.length > 0 && <UpdatesTable updates={updates.data} />}
    </section>
  );
}

function UpdatesTable({ updates }: { updates: DatasetUpdate[] }) {
  return (
    <div className="table-wrap">
      <table className="data-table compact" data-testid="updates-table">
        <thead>
          <tr>
            <th scope="col">Time (UTC)</th>
            <th scope="col" className="num">
              Rows inserted
            </th>
            <th scope="col" className="num">
              Rows updated
            </th>
            <th scope="col">Backfill</th>
          </tr>
        </thead>
        <tbody>
          {updates.map((u) => (
            <tr key={u.id} data-testid="update-row">
              <th scope="row" className="mono">
                {formatUpdateTime(u.time_utc)}
              </th>
              <td className="num">{formatCount(u.num_rows_inserted)}</td>
              <td className="num">{formatCount(u.num_rows_updated)}</td>
              <td>{u.is_backfill ? 'Backfill' : <span className="muted">—</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
