import type { WatchItem } from '../../../shared/bridge/watchlist.js';
import { watchKey } from '../../../shared/bridge/watchlist.js';
import type { GridscopeApi } from '../../../shared/bridge/contract.js';

/** The fake bridge's watchlist: its items (`check` answers them as they are; a test sets their looks). */
export interface FakeWatchlist {
  items: WatchItem[];
  checks: { days: number; lastDay: string }[];
}

/** An empty {@link FakeWatchlist}. */
export function createFakeWatchlist(): FakeWatchlist {
  return { items: [], checks: [] };
}

type WatchVerbs = Pick<
  GridscopeApi,
  'watchlist:list' | 'watchlist:add' | 'watchlist:rename' | 'watchlist:delete' | 'watchlist:check' | 'watchlist:open'
>;

/** The `watchlist:*` verbs over `w`, each call recorded with `record`. */
export function fakeWatchlistVerbs(w: FakeWatchlist, record: (verb: string) => void): WatchVerbs {
  const answer = <T>(verb: string, value: T) => {
    record(verb);
    return Promise.resolve({ ok: true as const, value });
  };
  const missing = (id: number) =>
    Promise.resolve({ ok: false as const, error: { code: 'not_found' as const, message: `No item ${id}` } });
  const find = (id: number) => w.items.find((i) => i.id === id);
  return {
    'watchlist:list': () => answer('watchlist:list', [...w.items]),
    'watchlist:add': (target) => {
      const parsed = { ...target } as WatchItem['target'];
      const same = w.items.find((i) => watchKey(i.target) === watchKey(parsed));
      if (same) return answer('watchlist:add', same);
      const id = Math.max(0, ...w.items.map((i) => i.id)) + 1;
      const item: WatchItem = {
        id,
        name: target.name,
        target: parsed,
        createdAt: '2024-09-04T12:00:00.000Z',
        openedAt: null,
        look: null,
        problem: null,
      };
      w.items.push(item);
      return answer('watchlist:add', item);
    },
    'watchlist:rename': ({ id, name }) => {
      const item = find(id);
      if (!item) return missing(id);
      item.name = name.trim();
      return answer('watchlist:rename', item);
    },
    'watchlist:delete': ({ id }) => {
      if (!find(id)) return missing(id);
      w.items = w.items.filter((i) => i.id !== id);
      return answer('watchlist:delete', { id });
    },
    'watchlist:check': ({ days, lastDay }) => {
      w.checks.push({ days, lastDay });
      return answer('watchlist:check', [...w.items]);
    },
    'watchlist:open': ({ id }) => {
      const item = find(id);
      if (!item) return missing(id);
      item.openedAt = '2024-09-04T13:00:00.000Z';
      return answer('watchlist:open', item);
    },
  };
}
