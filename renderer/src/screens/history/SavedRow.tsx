import { useState } from 'react';
import type { SavedQuery } from '../../../../shared/bridge/contract.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { formatInstant } from '../../../../shared/time/format.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { navigate } from '../../lib/router.js';
import { QueryDescription } from '../../features/workspace/QueryDescription.js';
import { queryHref } from '../../features/workspace/queryAddress.js';
import { useSavedQueryMutations } from '../../features/workspace/workspaceQueries.js';
import { ConfirmDelete } from './ConfirmDelete.js';

/** One saved query: its name (renamed in place), dataset and query; Open fills the form, Run pulls again. */
export function SavedRow({ saved, name, market }: { saved: SavedQuery; name: string; market: string | undefined }) {
  const { zone } = useMarketTime(market);
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
          Saved <span className="nowrap">{formatInstant(saved.createdAt, zone, { minutes: true })}</span>
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
