import type { PullRecord } from '../../../../shared/bridge/contract.js';
import { formatInstant } from '../../../../shared/time/format.js';
import { NoWrapTimes } from '../../features/workspace/NoWrapTimes.js';
import { refreshSentence } from '../../features/workspace/refreshText.js';

/**
 * A dataset pull's provenance and refreshes in the history (docs/workspace.md#refresh-and-provenance), in market time
 * (`zone`): the dataset's last interval when the pull ran, then one line per Refresh (rows added, replaced, charged).
 */
export function PullProvenance({ pull, zone }: { pull: PullRecord; zone: string }) {
  const latest = pull.provenance?.latestAvailableTimeUtc;
  if (!latest && pull.refreshes.length === 0) return null;
  return (
    <>
      {latest && (
        <div className="muted small" data-testid="pull-provenance">
          Dataset then: data to <span className="nowrap">{formatInstant(latest, zone, { minutes: true })}</span>
        </div>
      )}
      {pull.refreshes.length > 0 && (
        <ul className="pull-refreshes small" aria-label={`Refreshes of pull ${pull.id}`}>
          {pull.refreshes.map((r) => (
            <li key={r.id} data-testid="history-refresh" data-state={r.state}>
              <NoWrapTimes text={refreshSentence(r, zone)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
