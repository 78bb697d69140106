import { watchKey } from '../../../../shared/bridge/watchlist.js';
import type { WatchTarget } from '../../../../shared/bridge/watchlist.js';
import { useStar, useUnstar, useWatchlist } from './watchlistQueries.js';
import './watchlist.css';

/**
 * The star any page drops in its header (docs/watchlist.md): "Watch" stars `target` (named as the page names it; renamed
 * on the Watchlist), "Watching" unstars it. It reads the watchlist (no /v1 request) to know which it is; a failed star
 * says so beside it.
 */
export function WatchStar({ target }: { target: WatchTarget }) {
  const list = useWatchlist();
  const star = useStar();
  const unstar = useUnstar();
  const key = watchKey(target);
  const item = list.data?.find((i) => watchKey(i.target) === key);
  const busy = star.isPending || unstar.isPending || list.isPending;
  const failed = star.error ?? unstar.error;
  return (
    <span className="watch-star-wrap">
      <button
        type="button"
        className={`watch-star${item ? ' watching' : ''}`}
        aria-pressed={!!item}
        disabled={busy}
        title={item ? `On your watchlist as “${item.name}”: click to remove it` : 'Add to your watchlist'}
        onClick={() => (item ? unstar.mutate(item.id) : star.mutate(target))}
        data-testid="watch-star"
      >
        <span aria-hidden="true">{item ? '★' : '☆'}</span> {item ? 'Watching' : 'Watch'}
      </button>
      {failed && (
        <span className="field-error" role="alert">
          {failed.message}
        </span>
      )}
    </span>
  );
}
