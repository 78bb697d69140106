import { useState } from 'react';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PullRecord, PullState, SavedQuery } from '../../../../shared/bridge/contract.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { formatCount, formatUtc } from '../../lib/format.js';
import { useDatasetList } from '../../lib/queries.js';
import { queryHref } from '../../features/workspace/queryAddress.js';
import { hrefs, navigate } from '../../lib/router.js';
import { gridSearch, readGridChoice } from '../../features/constraints/gridChoice.js';
import { QueryDescription } from '../../features/workspace/QueryDescription.js';
import { formatBytes } from '../../features/downloads/format.js';
import {
  useDeletePull,
  usePullList,
  useSavedQueries,
  useSavedQueryMutations,
} from '../../features/workspace/workspaceQueries.js';
import '../../features/workspace/workspace.css';
import './history.css';

const STATE_WORDS: Record<PullState, string> = {
  running: 'Running',
  complete: 'Complete',
  partial: 'Partial',
  failed: 'Failed',
  cancelled: 'Cancelled (partial)',
};

/** A dataset's name and market (`source`) from the catalogue; the id and no market until it loads (or when it lacks the id). */
function useDatasetNames(): (id: string) => { name: string; market: string | undefined } {
  const list = useDatasetList().data;
  return (id) => {
    const dataset = list?.find((d) => d.id === id);
    return { name: dataset?.name ?? id, market: dataset?.source ?? undefined };
  };
}

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

/** A binding pull in one line: `Binding rows · <window> (UTC) · |shadow price| > 50 $/MWh · first 1,000 rows (limit reached)`. */
function BindingDescription({ pull }: { pull: PullRecord }) {
  const { startTime, endTime, limit } = pull.params;
  const threshold = pull.binding?.priceThreshold ?? null;
  return (
    <>
      Binding rows ·{' '}
      {startTime || endTime ? (
        <>
          <span className="nowrap">{startTime ?? 'start'}</span> → <span className="nowrap">{endTime ?? 'latest'}</span> (UTC)
        </>
      ) : (
        'all times'
      )}
      {threshold !== null ? ` · |shadow price| > ${threshold} $/MWh` : ' · every shadow price'}
      {pull.binding?.limitReached && limit !== undefined ? (
        <span data-testid="limit-reached"> · first {formatCount(limit)} rows (limit reached)</span>
      ) : limit !== undefined ? (
        ` · limit ${formatCount(limit)}`
      ) : null}
    </>
  );
}

/** A local pull in one line: `Local files · 7 days (2026-03-25 – 2026-03-31) · 254 KB`, read from disk. */
function LocalDescription({ pull }: { pull: PullRecord }) {
  const dates = pull.local?.dates ?? [];
  return (
    <>
      Local files · {dates.length} {dates.length === 1 ? 'day' : 'days'}
      {dates.length > 0 && (
        <>
          {' '}
          (<span className="nowrap">{dates[0]}</span>
          {dates.length > 1 && (
            <>
              {' – '}
              <span className="nowrap">{dates.at(-1)}</span>
            </>
          )}
          )
        </>
      )}
      {pull.local && ` · ${formatBytes(pull.local.bytes)}`} · read from disk
    </>
  );
}

/** A Delete button that asks once more in place ("Delete?" Yes / No), so a slip of the mouse deletes nothing. */
function ConfirmDelete({ label, onDelete, busy }: { label: string; onDelete: () => void; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" onClick={() => setAsking(true)} aria-label={label}>
        Delete
      </button>
    );
  return (
    <span className="confirm-delete">
      <span>Delete?</span>
      <button type="button" className="danger" onClick={onDelete} disabled={busy} data-testid="confirm-delete">
        Yes, delete
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        No
      </button>
    </span>
  );
}

function PullRow({ pull, name, market }: { pull: PullRecord; name: string; market: string | undefined }) {
  const remove = useDeletePull();
  return (
    <tr data-testid="history-pull" data-pull-id={pull.id} data-kind={pull.kind}>
      <td>
        <span className="strong">{name}</span>
        <div className="muted small">
          {pull.kind === 'binding' ? (
            <BindingDescription pull={pull} />
          ) : pull.kind === 'local' ? (
            <LocalDescription pull={pull} />
          ) : (
            <QueryDescription query={pull.params} />
          )}
        </div>
        <div className="muted small">
          Started <span className="nowrap">{formatUtc(pull.startedAt)}</span>
        </div>
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

function SavedRow({ saved, name }: { saved: SavedQuery; name: string }) {
  const { rename, remove } = useSavedQueryMutations();
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <tr data-testid="saved-query" data-saved-id={saved.id}>
      <td>
        {editing === null ? (
          <span className="strong" data-testid="saved-name">
            {saved.name}
          </span>
        ) : (
          <form
            className="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              rename.mutate({ id: saved.id, name: editing }, { onSuccess: () => setEditing(null) });
            }}
          >
            <input
              type="text"
              value={editing}
              onChange={(e) => setEditing(e.target.value)}
              aria-label="New name"
              maxLength={200}
              autoFocus
              data-testid="rename-input"
            />
            <button type="submit" className="primary" disabled={!editing.trim() || rename.isPending}>
              Save
            </button>
            <button type="button" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </form>
        )}
        <div className="muted small">
          {name} · <QueryDescription query={saved.params} />
        </div>
        <div className="muted small">
          Saved <span className="nowrap">{formatUtc(saved.createdAt)}</span>
        </div>
        {rename.isError && <p className="field-error">{toGsError(rename.error).message}</p>}
      </td>
      <td>
        <div className="row-actions">
          <button
            type="button"
            onClick={() => navigate(queryHref(saved.params))}
            title="Fill the query form"
            data-testid="open-saved"
          >
            Open
          </button>
          <button
            type="button"
            className="primary"
            onClick={() => navigate(queryHref(saved.params, null, true))}
            title="Pull the rows again"
            data-testid="run-saved"
          >
            Run
          </button>
          <button type="button" onClick={() => setEditing(saved.name)} data-testid="rename-saved">
            Rename
          </button>
          <ConfirmDelete
            label={`Delete saved query ${saved.name}`}
            onDelete={() => remove.mutate(saved.id)}
            busy={remove.isPending}
          />
        </div>
      </td>
    </tr>
  );
}

/** One card of the page: its list loading, failed (with Retry), empty, or as a table with an Actions column last. */
function HistoryCard<T>(props: {
  id: string;
  title: string;
  list: UseQueryResult<T[]>;
  what: string;
  skeletonRows: number;
  empty: ReactNode;
  headers: ReactNode;
  row: (item: T) => ReactNode;
}) {
  const { id, title, list, what } = props;
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {list.isPending && <Skeleton label={`Loading ${what}…`} rows={props.skeletonRows} />}
      {list.isError && <ErrorState error={list.error} what={what} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && props.empty}
      {list.data && list.data.length > 0 && (
        <table className="data-table compact history-table">
          <thead>
            <tr>
              {props.headers}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>{list.data.map(props.row)}</tbody>
        </table>
      )}
    </section>
  );
}

/**
 * `#/history`: the pulls in this profile's workspace (open one to see its rows again without a new request; delete
 * one to free its space) and the saved queries (open fills the form; run pulls again; rename; delete).
 */
export function HistoryPage() {
  const pulls = usePullList();
  const saved = useSavedQueries();
  const nameOf = useDatasetNames();
  return (
    <section className="page history" aria-labelledby="history-title" data-testid="history-page">
      <header className="page-header">
        <h1 id="history-title">History</h1>
        <p className="muted subtitle">
          Results stay in this profile&rsquo;s workspace on this computer: opening one reads it from there, without a new request
          to the data service.
        </p>
      </header>
      <HistoryCard
        id="saved-title"
        title="Saved queries"
        list={saved}
        what="the saved queries"
        skeletonRows={3}
        empty={
          <p className="muted" data-testid="saved-empty">
            No saved queries yet. Use “Save query” above a result to keep one here.
          </p>
        }
        headers={<th scope="col">Name and query</th>}
        row={(s) => <SavedRow key={s.id} saved={s} name={nameOf(s.datasetId).name} />}
      />
      <HistoryCard
        id="pulls-title"
        title="Pulled results"
        list={pulls}
        what="the pulled results"
        skeletonRows={4}
        empty={
          <p className="muted" data-testid="history-empty">
            Nothing pulled yet. Run a query from a dataset&rsquo;s page.
          </p>
        }
        headers={
          <>
            <th scope="col">Dataset and query</th>
            <th scope="col" className="num">
              Rows
            </th>
            <th scope="col" className="num">
              Rows charged
            </th>
            <th scope="col">State</th>
          </>
        }
        row={(p) => <PullRow key={p.id} pull={p} {...nameOf(p.datasetId)} />}
      />
    </section>
  );
}
