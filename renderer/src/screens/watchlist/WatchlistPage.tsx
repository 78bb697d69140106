import { ErrorState } from '../../components/ErrorState.js';
import { datasetName } from '../../features/constraints/constraintDatasets.js';
import { useConstraintDatasets } from '../../features/constraints/useConstraintDatasets.js';
import { useNow } from '../../features/time/useNow.js';
import { useWatchlist, useWatchlistCheck } from '../../features/watchlist/watchlistQueries.js';
import { hrefs, replaceRoute } from '../../lib/router.js';
import { LookControls } from './LookControls.js';
import { lookSearch, readLookChoice } from './route.js';
import { WatchItemCard } from './WatchItemCard.js';
import '../../features/watchlist/watchlist.css';

/**
 * The Watchlist (`#/watchlist?days=&last=`): every starred constraint, location, path and map view with what changed on
 * it since it was last opened — new binding intervals, cost against the previous equal window, new or changed outage
 * tickets near it (docs/watchlist.md). Opening the page looks at every item from answers shared with the grid screens;
 * offline, each shows its last look and says so.
 */
export function WatchlistPage({ search }: { search: string }) {
  const now = useNow();
  const choice = readLookChoice(search, now);
  const list = useWatchlist();
  const check = useWatchlistCheck(choice.days, choice.lastDay);
  // Names only: an answer at hand, never a request of its own.
  const datasets = useConstraintDatasets({ mode: 'cached' }).options;
  const items = list.data ?? [];
  return (
    <section className="page watchlist-page" aria-labelledby="watchlist-title">
      <header className="page-header">
        <h1 id="watchlist-title">Watchlist</h1>
        <p className="subtitle">
          What changed on the constraints, locations, paths and map views you starred, over{' '}
          {choice.days === 1 ? 'one market day' : `${choice.days} market days`} ending {choice.lastDay}, against the same length
          before.
        </p>
        <LookControls choice={choice} now={now} onChoice={(c) => replaceRoute(hrefs.watchlist(lookSearch(c)))} />
        <p className="count" data-testid="watch-status" aria-live="polite">
          {check.isFetching ? `Looking at ${items.length} items…` : `${items.length} ${items.length === 1 ? 'item' : 'items'}`}
        </p>
        {list.isError && (
          <ErrorState error={list.error} what="the watchlist" verb="watchlist:list" onRetry={() => void list.refetch()} />
        )}
        {check.isError && (
          <ErrorState error={check.error} what="the look" verb="watchlist:check" onRetry={() => void check.refetch()} />
        )}
      </header>
      {list.isSuccess && items.length === 0 ? (
        <p className="card watch-empty" data-testid="watch-empty">
          Nothing watched yet. Star a constraint, a location or a map view with its <strong>☆ Watch</strong> button, and it shows
          here with what changed since you last opened it.
        </p>
      ) : (
        <ul className="watch-list" aria-label="Watched items">
          {items.map((item) => (
            <WatchItemCard key={item.id} item={item} datasetText={datasetName(datasets, item.target.datasetId)} />
          ))}
        </ul>
      )}
    </section>
  );
}
