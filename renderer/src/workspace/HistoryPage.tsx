import { useState } from 'react';
import type { PullRecord, PullState, SavedQuery } from '../../../shared/bridge/contract.js';
import { ErrorState } from '../components/ErrorState.js';
import { Skeleton } from '../components/Skeleton.js';
import { toGsError } from '../lib/bridgeQuery.js';
import { formatCount, formatUtc } from '../lib/format.js';
import { useDatasetList } from '../lib/queries.js';
import { queryHref } from '../lib/queryRoute.js';
import { navigate } from '../lib/router.js';
import { describeQuery } from '../query/describeQuery.js';
import { useDeletePull, usePullList, useSavedQueries, useSavedQueryMutations } from './workspaceQueries.js';
import './workspace.css';

const STATE_WORDS: Record<PullState, string> = {
  running: 'Running',
  complete: 'Complete',
  partial: 'Partial',
  failed: 'Failed',
  cancelled: 'Cancelled (partial)',
};

function useDatasetNames(): (id: string) => string {
  const list = useDatasetList().data;
  return (id) => list?.find((d) => d.id === id)?.name ?? id;
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

function PullRow({ pull, name }: { pull: PullRecord; name: string }) {
  const remove = useDeletePull();
  return (
    <tr data-testid="history-pull" data-pull-id={pull.id}>
      <td>
        <span className="strong">{name}</span>
        <div className="muted small">{describeQuery(pull.params)}</div>
        <div className="muted small">Started {formatUtc(pull.startedAt)}</div>
      </td>
      <td className="num">{formatCount(pull.progress?.rows ?? pull.rows)}</td>
      <td className="num">{formatCount(pull.progress?.rowsCharged ?? pull.rowsCharged)}</td>
      <td>
        <span className={`badge state-${pull.state}`} title={pull.error ?? undefined}>
          {STATE_WORDS[pull.state]}
        </span>
      </td>
      <td>
        <div className="row-actions">
          <button type="button" onClick={() => navigate(queryHref(pull.params, pull.id))} data-testid="open-pull">
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
          {name} · {describeQuery(saved.params)}
        </div>
        <div className="muted small">Saved {formatUtc(saved.createdAt)}</div>
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
      <section className="card" aria-labelledby="saved-title">
        <h2 id="saved-title">Saved queries</h2>
        {saved.isPending && <Skeleton label="Loading saved queries…" rows={3} />}
        {saved.isError && <ErrorState error={saved.error} what="the saved queries" onRetry={() => void saved.refetch()} />}
        {saved.data?.length === 0 && (
          <p className="muted" data-testid="saved-empty">
            No saved queries yet. Use “Save query” above a result to keep one here.
          </p>
        )}
        {saved.data && saved.data.length > 0 && (
          <table className="grid compact history-table">
            <thead>
              <tr>
                <th scope="col">Name and query</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {saved.data.map((s) => (
                <SavedRow key={s.id} saved={s} name={nameOf(s.datasetId)} />
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="card" aria-labelledby="pulls-title">
        <h2 id="pulls-title">Pulled results</h2>
        {pulls.isPending && <Skeleton label="Loading the pulled results…" rows={4} />}
        {pulls.isError && <ErrorState error={pulls.error} what="the pulled results" onRetry={() => void pulls.refetch()} />}
        {pulls.data?.length === 0 && (
          <p className="muted" data-testid="history-empty">
            Nothing pulled yet. Run a query from a dataset&rsquo;s page.
          </p>
        )}
        {pulls.data && pulls.data.length > 0 && (
          <table className="grid compact history-table">
            <thead>
              <tr>
                <th scope="col">Dataset and query</th>
                <th scope="col" className="num">
                  Rows
                </th>
                <th scope="col" className="num">
                  Rows charged
                </th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {pulls.data.map((p) => (
                <PullRow key={p.id} pull={p} name={nameOf(p.datasetId)} />
              ))}
            </tbody>
          </table>
        )}
      </section>
    </section>
  );
}
