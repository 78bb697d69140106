import type { PullRecord } from '../../../../shared/bridge/contract.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { formatCount } from '../../lib/format.js';
import { useDataset } from '../../lib/queries.js';
import { PullResults } from '../../features/workspace/PullResults.js';
import { PullStatus } from '../../features/workspace/PullStatus.js';
import type { TableView } from '../../../../shared/bridge/workspace.js';
import { useCancelPull } from '../../features/workspace/workspaceQueries.js';

/** Props of {@link BindingResults}: the pull shown, the table's view from the address and where a new view goes. */
export interface BindingResultsProps {
  pull: PullRecord;
  /** The limit the page asked for, when the record does not say whether it was reached. */
  limit: number;
  view: TableView | null;
  onViewChange: (view: TableView) => void;
}

/**
 * Whether a binding pull holds only the first rows: the record says so (`binding.limitReached`); an older record
 * without it is judged by its row count against its limit.
 */
export function limitReached(pull: PullRecord, limit: number): boolean {
  if (pull.state === 'running') return false;
  if (pull.binding) return pull.binding.limitReached;
  return pull.rows >= (pull.params.limit ?? limit);
}

/**
 * A binding pull in the explorer's results (docs/workspace.md): its progress or end, a notice when the row limit cut
 * it, then the table (sort, filters, copy), the chart (x `interval_start_utc`, y the shadow price) and the exports.
 */
export function BindingResults({ pull, limit, view, onViewChange }: BindingResultsProps) {
  const dataset = useDataset(pull.datasetId);
  // A pull that failed before any row has nothing to show but its status line.
  const empty = pull.state === 'failed' && pull.rows === 0;
  const cancel = useCancelPull();
  const cut = limitReached(pull, limit);
  return (
    <section className="binding-results" aria-label="Binding rows" data-testid="binding-results">
      <div className="run-line">
        <PullStatus pull={pull} onCancel={() => cancel.mutate(pull.id)} cancelling={cancel.isPending} />
      </div>
      {cut && (
        <p className="notice" role="status" data-testid="binding-limit-reached">
          First {formatCount(pull.rows)} rows: the row limit was reached, so more rows may match. Raise the limit or narrow the
          window.
        </p>
      )}
      {!empty && dataset.isPending && <Skeleton label="Loading the dataset…" rows={4} />}
      {!empty && dataset.isError && (
        <ErrorState error={dataset.error} what="the dataset" verb="datasets:get" onRetry={() => void dataset.refetch()} />
      )}
      {!empty && dataset.data && (
        <PullResults key={pull.id} pull={pull} dataset={dataset.data} view={view} onViewChange={onViewChange} />
      )}
    </section>
  );
}
