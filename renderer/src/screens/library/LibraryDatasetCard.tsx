import { useMemo, useState } from 'react';
import type { LibraryDataset } from '../../../../shared/bridge/contract.js';
import { ErrorState } from '../../components/ErrorState.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { hrefs, navigate } from '../../lib/router.js';
import { NO_DAYS, clickDay, keepSelectable, toggleGroup } from '../../features/downloads/daySelection.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { useLibraryAction, useOpenLocal } from '../../features/downloads/downloadQueries.js';
import { files, formatBytes, formatDateRange } from '../../features/downloads/format.js';
import { formatInstant } from '../../../../shared/time/format.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { FILE_STATE_WORDS } from '../../features/downloads/states.js';

/** Props of {@link LibraryDatasetCard}: one dataset's downloaded days, folded or open. */
export interface LibraryDatasetCardProps {
  dataset: LibraryDataset;
  initiallyOpen: boolean;
}

/**
 * One dataset in the library: name, files, date range and disk use; opened, its days (date, size, state, last check)
 * to select (click, Shift+click, all) and then review offline (`workspace:openLocal`), verify again or delete.
 */
export function LibraryDatasetCard({ dataset, initiallyOpen }: LibraryDatasetCardProps) {
  // When a file was checked, in its market's time (or UTC): the app's one date format.
  const { zone } = useMarketTime(dataset.metadata?.source);
  const [open, setOpen] = useState(initiallyOpen);
  const [rawSel, setSel] = useState(NO_DAYS);
  const dates = useMemo(() => dataset.files.map((f) => f.date), [dataset.files]);
  // Days deleted or gone since the selection was made drop out of it.
  const sel = keepSelectable(rawSel, new Set(dates));
  const openLocal = useOpenLocal();
  const verify = useLibraryAction('library:verify');
  const remove = useLibraryAction('library:delete');
  const chosen = dataset.files.filter((f) => sel.days.has(f.date));
  const readable = chosen.filter((f) => f.state === 'verified').map((f) => f.date);
  const bytes = chosen.reduce((s, f) => s + f.bytes, 0);
  const all = dates.length > 0 && dates.every((d) => sel.days.has(d));
  const error = openLocal.error ?? verify.error ?? remove.error;
  const panel = `library-days-${dataset.datasetId}`;

  return (
    <section className="card lib-dataset" data-testid={`library-dataset-${dataset.datasetId}`} aria-label={dataset.datasetName}>
      <button
        type="button"
        className="lib-dataset-head"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen(!open)}
        data-testid="library-dataset-toggle"
      >
        <span className="lib-caret" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        <span className="strong lib-name">{dataset.datasetName}</span>
        <span className="muted lib-facts">
          {files(dataset.files.length)} · {formatDateRange(dataset.firstDate, dataset.lastDate)} · {formatBytes(dataset.bytes)}
        </span>
      </button>
      {/* Beside the fold, so a folded dataset can be picked whole in one click (it opens to show what was picked). */}
      <button
        type="button"
        className="lib-select-all"
        onClick={() => {
          setOpen(true);
          setSel(toggleGroup(sel, dates));
        }}
        data-testid="library-select-all-days"
      >
        {all ? 'Clear selection' : 'Select all'}
      </button>
      {open && (
        <div id={panel} className="lib-days">
          <div className="toolbar lib-actions">
            <span className="lib-selected" aria-live="polite" data-testid="library-selection">
              {chosen.length === 0 ? 'No days selected' : `${files(chosen.length)} · ${formatBytes(bytes)} selected`}
            </span>
            <button
              type="button"
              className="primary"
              disabled={readable.length === 0 || openLocal.isPending}
              onClick={() =>
                openLocal.mutate(
                  { datasetId: dataset.datasetId, dates: readable },
                  { onSuccess: (pull) => navigate(hrefs.review(`pull=${pull.id}`)) },
                )
              }
              data-testid="library-review"
            >
              {openLocal.isPending ? 'Opening…' : 'Review offline'}
            </button>
            <button
              type="button"
              disabled={chosen.length === 0 || verify.isPending}
              onClick={() => verify.mutate({ datasetId: dataset.datasetId, dates: chosen.map((f) => f.date) })}
              data-testid="library-verify"
            >
              {verify.isPending ? 'Verifying…' : 'Re-verify'}
            </button>
            <ConfirmButton
              label="Delete"
              question={`Delete ${files(chosen.length)} (${formatBytes(bytes)}) of ${dataset.datasetName} from the disk?`}
              yes="Yes, delete"
              disabled={chosen.length === 0}
              busy={remove.isPending}
              onConfirm={() => remove.mutate({ datasetId: dataset.datasetId, dates: chosen.map((f) => f.date) })}
              testId="library-delete"
            />
          </div>
          {chosen.length > readable.length && (
            <p className="muted small lib-note">
              {chosen.length - readable.length} selected {chosen.length - readable.length === 1 ? 'file is' : 'files are'} corrupt
              or missing and cannot be reviewed: Re-verify, or download {chosen.length - readable.length === 1 ? 'it' : 'them'}{' '}
              again from <a href={hrefs.exports(`dataset=${encodeURIComponent(dataset.datasetId)}`)}>Exports</a>.
            </p>
          )}
          {error &&
            (openLocal.isError ? (
              <ErrorState error={error} heading="The files could not be opened" verb="workspace:openLocal" />
            ) : (
              <p className="field-error" role="alert">
                {toGsError(error).message}
              </p>
            ))}
          <table className="data-table compact lib-table">
            <thead>
              <tr>
                <th scope="col" className="lib-check">
                  <input
                    type="checkbox"
                    checked={all}
                    aria-label={`Select every day of ${dataset.datasetName}`}
                    onChange={() => setSel(toggleGroup(sel, dates))}
                    data-testid="library-select-all"
                  />
                </th>
                <th scope="col">Date</th>
                <th scope="col" className="num">
                  Size
                </th>
                <th scope="col">State</th>
                <th scope="col">Last checked</th>
              </tr>
            </thead>
            <tbody>
              {dataset.files.map((f) => (
                <tr key={f.date} className={sel.days.has(f.date) ? 'selected' : undefined} data-state={f.state}>
                  <td className="lib-check">
                    <input
                      type="checkbox"
                      id={`lib-${dataset.datasetId}-${f.date}`}
                      checked={sel.days.has(f.date)}
                      onChange={(e) => setSel(clickDay(sel, f.date, dates, (e.nativeEvent as MouseEvent).shiftKey === true))}
                      data-testid={`library-day-${f.date}`}
                    />
                  </td>
                  <td>
                    <label htmlFor={`lib-${dataset.datasetId}-${f.date}`} className="mono">
                      {f.date}
                    </label>
                  </td>
                  <td className="num">{formatBytes(f.bytes)}</td>
                  <td>
                    <span className={`badge state-${f.state}`}>{FILE_STATE_WORDS[f.state]}</span>
                    {f.problem && <span className="small lib-problem"> {f.problem}</span>}
                  </td>
                  <td className="muted small nowrap">{formatInstant(f.verifiedAt, zone, { minutes: true })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
