import type { PullRecord, PullState } from '../../../../shared/bridge/contract.js';
import { formatCount } from '../../lib/format.js';
import { formatInstant } from '../../../../shared/time/format.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { hrefs, navigate } from '../../lib/router.js';
import { gridSearch, readGridChoice } from '../../features/constraints/gridChoice.js';
import { queryHref } from '../../features/workspace/queryAddress.js';
import { useDeletePull } from '../../features/workspace/workspaceQueries.js';
import { ConfirmDelete } from './ConfirmDelete.js';
import { PullDescription } from './PullDescription.js';
import { PullProvenance } from './PullProvenance.js';

const STATE_WORDS: Record<PullState, string> = {
  running: 'Running',
  complete: 'Complete',
  partial: 'Partial',
  failed: 'Failed',
  cancelled: 'Cancelled (partial)',
};

/**
 * Where a pull reopens: a dataset query on its query page; binding rows on the binding page
 * (`#/binding?dataset=…&market=…&start=…&end=…&threshold=…&limit=…&pull=…`); downloaded files on the offline review
 * page (`#/review?pull=…`). Only a dataset query is one to save or run again.
 */
function pullHref(pull: PullRecord, market: string | undefined): string {
  if (pull.kind === 'local') return hrefs.review(`pull=${pull.id}`);
  if (pull.kind !== 'binding') return queryHref(pull.params, pull.id);
  const { datasetId, startTime, endTime, limit } = pull.params;
  const given = new URLSearchParams({ dataset: datasetId });
  if (market) given.set('market', market);
  if (startTime) given.set('start', startTime);
  if (endTime) given.set('end', endTime);
  // Only the window and dataset go through the grid pages' reader; the pull id shows the rows whatever it falls back to.
  const choice = readGridChoice(given.toString());
  return hrefs.binding(
    gridSearch(choice, { threshold: pull.binding?.priceThreshold ?? null, limit: limit ?? null, pull: pull.id }),
  );
}

/** One pull of the workspace: what it copied, when, its rows and state; Open reopens it where it belongs. */
export function PullRow({ pull, name, market }: { pull: PullRecord; name: string; market: string | undefined }) {
  const remove = useDeletePull();
  const { zone } = useMarketTime(market);
  return (
    <tr data-testid="history-pull" data-pull-id={pull.id} data-kind={pull.kind}>
      <td>
        <span className="strong">{name}</span>
        <div className="muted small">
          <PullDescription pull={pull} zone={zone} />
        </div>
        <div className="muted small">
          Started <span className="nowrap">{formatInstant(pull.startedAt, zone, { minutes: true })}</span>
        </div>
        <PullProvenance pull={pull} zone={zone} />
      </td>
      <td className="num">{formatCount(pull.progress?.rows ?? pull.rows)}</td>
      <td className="num">{pull.kind === 'local' ? '—' : formatCount(pull.progress?.rowsCharged ?? pull.rowsCharged)}</td>
      <td>
        <span className={`badge state-${pull.state}`} title={pull.error ?? undefined}>
          {STATE_WORDS[pull.state]}
        </span>
      </td>
      <td>
        <div className="row-actions">
          <button type="button" onClick={() => navigate(pullHref(pull, market))} data-testid="open-pull">
            Open
          </button>
          <ConfirmDelete label={`Delete pull ${pull.id}`} onDelete={() => remove.mutate(pull.id)} busy={remove.isPending} />
        </div>
      </td>
    </tr>
  );
}
