import type { PullChanges, PullRefresh } from '../../../../shared/bridge/contract.js';
import type { DatasetUpdate } from '../../../../shared/schemas/updates.js';
import { formatInstant, formatInstantRange } from '../../../../shared/time/format.js';
import { formatCount } from '../../lib/format.js';

/**
 * The sentences of refresh and provenance (docs/workspace.md#refresh-and-provenance), times in the page's market time
 * (`zone`): what changed since a pull, and what a refresh did.
 */

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** A backfill's range in `zone`, or that the record names none. */
export function backfillRange(update: DatasetUpdate, zone: string): string {
  if (!update.start_time_utc && !update.end_time_utc) return 'a range the server does not give';
  return formatInstantRange(update.start_time_utc ?? null, update.end_time_utc ?? null, zone);
}

/** "1 update added 2,880 new rows; 1 backfill rewrote 2020-01-01 01:00 → 02:00 EST." (what {@link PullChanges} lists). */
export function changesSentence(changes: PullChanges, zone: string): string {
  const added = changes.updates.filter((u) => !u.is_backfill);
  const backfills = changes.updates.filter((u) => u.is_backfill);
  const parts: string[] = [];
  if (added.length > 0)
    parts.push(`${plural(added.length, 'update', 'updates')} added ${plural(changes.newRows, 'new row', 'new rows')}`);
  if (backfills.length === 1) parts.push(`1 backfill rewrote ${backfillRange(backfills[0]!, zone)}`);
  else if (backfills.length > 1) parts.push(`${formatCount(backfills.length)} backfills rewrote earlier rows`);
  const more = changes.truncated ? ' (and possibly more: only the latest updates were read)' : '';
  return `${parts.join('; ')}${more}.`;
}

/** "Refreshed 2024-03-05 09:14 EST: 2,880 rows added, 10 replaced, 2,890 charged to the plan." */
export function refreshSentence(refresh: PullRefresh, zone: string): string {
  const when = formatInstant(refresh.startedAt, zone, { minutes: true });
  const charged = `${formatCount(refresh.rowsCharged)} charged to the plan`;
  if (refresh.state === 'cancelled') return `Refresh of ${when} cancelled: no row changed (${charged}).`;
  if (refresh.state === 'failed')
    return `Refresh of ${when} failed: ${refresh.error?.replace(/\.$/, '') ?? 'unknown error'}. No row changed (${charged}).`;
  if (refresh.ranges.length === 0)
    return `Refreshed ${when}: nothing could have changed in this query's window (0 rows charged).`;
  return `Refreshed ${when}: ${plural(refresh.rowsAdded, 'row', 'rows')} added, ${formatCount(refresh.rowsReplaced)} replaced, ${charged}.`;
}
