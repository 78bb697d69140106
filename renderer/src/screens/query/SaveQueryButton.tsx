import { useState } from 'react';
import type { PullQuery } from '../../../../shared/bridge/contract.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { hrefs } from '../../lib/router.js';
import { useSavedQueryMutations } from '../../features/workspace/workspaceQueries.js';

/** "Save query": names the query and keeps it in the workspace (`workspace:saveQuery`), listed under History. */
export function SaveQueryButton({ query, suggestedName }: { query: PullQuery; suggestedName: string }) {
  const { save } = useSavedQueryMutations();
  const [name, setName] = useState<string | null>(null);
  if (name === null) {
    return (
      <span className="save-query">
        <button type="button" onClick={() => setName(suggestedName)} data-testid="save-query">
          Save query
        </button>
        {save.data && (
          <span className="muted" role="status" data-testid="save-query-done">
            Saved as “{save.data.name}” (<a href={hrefs.history}>History</a>)
          </span>
        )}
      </span>
    );
  }
  return (
    <form
      className="save-query"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ name, query }, { onSuccess: () => setName(null) });
      }}
    >
      <label className="visually-hidden" htmlFor="save-query-name">
        Name of the saved query
      </label>
      <input
        id="save-query-name"
        type="text"
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={200}
        autoFocus
        data-testid="save-query-name"
      />
      <button type="submit" className="primary" disabled={!name.trim() || save.isPending}>
        Save
      </button>
      <button type="button" onClick={() => setName(null)}>
        Cancel
      </button>
      {save.isError && (
        <span className="field-error" role="alert">
          {toGsError(save.error).message}
        </span>
      )}
    </form>
  );
}
