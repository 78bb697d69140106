import type { PullRecord } from '../../../../shared/bridge/contract.js';
import { formatInstant } from '../../../../shared/time/format.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { NoWrapTimes } from './NoWrapTimes.js';
import { changesSentence, refreshSentence } from './refreshText.js';
import { usePullChanges, useRefreshPull } from './refreshQueries.js';
import { RunningStatus } from './PullStatus.js';
import { useCancelPull } from './workspaceQueries.js';

/** Props of {@link RefreshNotice}: `check` false for a pull this page just ran (its state is current: no request). */
export interface RefreshNoticeProps {
  pull: PullRecord;
  zone: string;
  check: boolean;
}

/**
 * Under a reopened dataset pull: whether its dataset has new rows or a backfill since (one `workspace:changes`, cached),
 * and **Refresh**, which pulls only what changed; while it runs, its pages' progress with Cancel, like a pull's; after
 * it, what the refresh added, replaced and charged.
 */
export function RefreshNotice({ pull, zone, check }: RefreshNoticeProps) {
  const settled = pull.state !== 'running' && pull.kind === 'query';
  const changes = usePullChanges(pull.id, check && settled);
  const refresh = useRefreshPull();
  const cancel = useCancelPull();
  if (!settled) return null;
  if (refresh.isPending)
    return (
      <div className="run-line" data-testid="refresh-notice">
        <RunningStatus
          title="Refreshing: pulling only what changed…"
          progress={pull.refreshing}
          onCancel={() => cancel.mutate(pull.id)}
          cancelling={cancel.isPending}
          cancelLabel="Cancel refresh"
          testId="refresh"
        />
      </div>
    );
  const c = changes.data;
  const changed = c !== undefined && c.updates.length > 0;
  const button = (
    <button type="button" onClick={() => refresh.mutate(pull.id)} disabled={refresh.isPending} data-testid="refresh-pull">
      {refresh.isPending ? 'Refreshing…' : 'Refresh'}
    </button>
  );
  const done = refresh.data;
  return (
    <div className={changed ? 'refresh-notice notice' : 'refresh-notice'} data-testid="refresh-notice" data-changed={changed}>
      <p role="status" data-testid="refresh-changes">
        {refresh.isError ? (
          <>The refresh did not run: {toGsError(refresh.error).message}</>
        ) : done && done.pullId === pull.id ? (
          <span data-testid="refresh-outcome">
            <NoWrapTimes text={refreshSentence(done, zone)} />
          </span>
        ) : changed ? (
          <>
            <strong>The dataset changed since this pull</strong> of{' '}
            <span className="nowrap">{formatInstant(c.since, zone, { minutes: true })}</span>:{' '}
            <NoWrapTimes text={changesSentence(c, zone)} /> Refresh pulls only what changed.
          </>
        ) : c ? (
          <>
            No dataset updates since this pull (checked {formatInstant(c.checkedAt, zone, { minutes: true })}). Refresh asks for
            intervals after its last one.
          </>
        ) : changes.isError ? (
          <>Could not check the dataset for updates: {toGsError(changes.error).message}</>
        ) : changes.isFetching ? (
          <>Checking the dataset for updates…</>
        ) : (
          <>Refresh pulls only the intervals after this pull's last one and the ranges the dataset has backfilled since.</>
        )}
      </p>
      {button}
    </div>
  );
}
