import { useDatasetList } from '../../lib/queries.js';
import { usePullList, useSavedQueries } from '../../features/workspace/workspaceQueries.js';
import { HistoryCard } from './HistoryCard.js';
import { PullRow } from './PullRow.js';
import { SavedRow } from './SavedRow.js';
import '../../features/workspace/workspace.css';
import './history.css';

/** A dataset's name and market (`source`) from the catalogue; the id and no market until it loads (or when it lacks the id). */
function useDatasetNames(): (id: string) => { name: string; market: string | undefined } {
  const list = useDatasetList().data;
  return (id) => {
    const dataset = list?.find((d) => d.id === id);
    return { name: dataset?.name ?? id, market: dataset?.source ?? undefined };
  };
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
        row={(s) => <SavedRow key={s.id} saved={s} {...nameOf(s.datasetId)} />}
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
