import { useSyncExternalStore } from 'react';

/**
 * Hash routes (one build serves app:// on the desktop and http:// in the web host): `#/`, `#/datasets/<id>`, `#/datasets/<id>/query?<query>`,
 * `#/history`, `#/settings`. The query route's `search` (without `?`) holds the query and the shown pull (screens/query/route.ts).
 * The grid pages: `#/constraints`, `#/constraints/<gs_entity_id>`, `#/contingencies/<gs_entity_id>`,
 * `#/locations[/<gs_entity_id>]`, `#/paths` (a source → sink path), `#/binding`, `#/map`, `#/outages`, `#/outages/<ticket>`,
 * `#/watchlist` (starred items and what changed on them);
 * their `search` holds the page's choices (dataset, window, selection) so Back and a reload keep them.
 * The export pages: `#/exports?dataset=…&year=…` (a dataset's per-day export files), `#/downloads` (the queue),
 * `#/library` (downloaded files) and `#/review?pull=…&view=…` (downloaded days opened offline).
 */
export type Route =
  | { name: 'catalogue' }
  | { name: 'dataset'; datasetId: string }
  | { name: 'query'; datasetId: string; search: string }
  | { name: 'history' }
  | { name: 'settings' }
  | { name: 'constraints'; search: string }
  | { name: 'constraint'; constraintId: string; search: string }
  | { name: 'contingency'; contingencyId: string; search: string }
  | { name: 'locations'; locationId: string | null; search: string }
  | { name: 'binding'; search: string }
  | { name: 'paths'; search: string }
  | { name: 'map'; search: string }
  | { name: 'outages'; search: string }
  | { name: 'outage'; ticket: number; search: string }
  | { name: 'watchlist'; search: string }
  | { name: 'exports'; search: string }
  | { name: 'downloads' }
  | { name: 'library' }
  | { name: 'review'; search: string }
  | { name: 'not_found'; path: string };

const GRID_PATH = /^\/(constraints|contingencies|locations)(?:\/([^/?#]+))?\/?$/;

/** Parses a `location.hash` value (with or without the leading `#`) into a {@link Route}. */
export function parseHash(hash: string): Route {
  const whole = hash.replace(/^#/, '') || '/';
  const q = whole.indexOf('?');
  const path = q < 0 ? whole : whole.slice(0, q);
  const search = q < 0 ? '' : whole.slice(q + 1);
  if (path === '/' || path === '') return { name: 'catalogue' };
  if (path === '/settings') return { name: 'settings' };
  if (path === '/history') return { name: 'history' };
  if (path === '/binding' || path === '/binding/') return { name: 'binding', search };
  if (path === '/map' || path === '/map/') return { name: 'map', search };
  if (path === '/outages' || path === '/outages/') return { name: 'outages', search };
  const ticket = /^\/outages\/(\d{1,12})\/?$/.exec(path);
  if (ticket) return { name: 'outage', ticket: Number(ticket[1]), search };
  if (path === '/watchlist' || path === '/watchlist/') return { name: 'watchlist', search };
  if (path === '/paths' || path === '/paths/') return { name: 'paths', search };
  if (path === '/exports' || path === '/exports/') return { name: 'exports', search };
  if (path === '/downloads' || path === '/downloads/') return { name: 'downloads' };
  if (path === '/library' || path === '/library/') return { name: 'library' };
  if (path === '/review' || path === '/review/') return { name: 'review', search };
  const g = GRID_PATH.exec(path);
  if (g) {
    let id: string | null;
    try {
      id = g[2] ? decodeURIComponent(g[2]) : null;
    } catch {
      return { name: 'not_found', path };
    }
    if (g[1] === 'locations') return { name: 'locations', locationId: id, search };
    // The contingencies are a tab of the constraints page; one has a view of its own.
    if (g[1] === 'contingencies')
      return id === null
        ? { name: 'constraints', search: `${search}${search ? '&' : ''}tab=contingencies` }
        : { name: 'contingency', contingencyId: id, search };
    return id === null ? { name: 'constraints', search } : { name: 'constraint', constraintId: id, search };
  }
  const m = /^\/datasets\/([^/?#]+)(\/query)?\/?$/.exec(path);
  if (m?.[1]) {
    try {
      const datasetId = decodeURIComponent(m[1]);
      return m[2] ? { name: 'query', datasetId, search } : { name: 'dataset', datasetId };
    } catch {
      return { name: 'not_found', path };
    }
  }
  return { name: 'not_found', path };
}

/** Hrefs for links; hash-only so nothing navigates the window away. `search` is a query string without `?`. */
export const hrefs = {
  catalogue: '#/',
  settings: '#/settings',
  history: '#/history',
  dataset: (id: string) => `#/datasets/${encodeURIComponent(id)}`,
  query: (id: string, search = '') => `#/datasets/${encodeURIComponent(id)}/query${search ? `?${search}` : ''}`,
  constraints: (search = '') => `#/constraints${search ? `?${search}` : ''}`,
  constraint: (id: string, search = '') => `#/constraints/${encodeURIComponent(id)}${search ? `?${search}` : ''}`,
  contingency: (id: string, search = '') => `#/contingencies/${encodeURIComponent(id)}${search ? `?${search}` : ''}`,
  locations: (id: string | null = null, search = '') =>
    `#/locations${id ? `/${encodeURIComponent(id)}` : ''}${search ? `?${search}` : ''}`,
  binding: (search = '') => `#/binding${search ? `?${search}` : ''}`,
  paths: (search = '') => `#/paths${search ? `?${search}` : ''}`,
  map: (search = '') => `#/map${search ? `?${search}` : ''}`,
  outages: (search = '') => `#/outages${search ? `?${search}` : ''}`,
  outage: (ticket: number, search = '') => `#/outages/${ticket}${search ? `?${search}` : ''}`,
  watchlist: (search = '') => `#/watchlist${search ? `?${search}` : ''}`,
  exports: (search = '') => `#/exports${search ? `?${search}` : ''}`,
  downloads: '#/downloads',
  library: '#/library',
  review: (search = '') => `#/review${search ? `?${search}` : ''}`,
};

/** Navigates within the app by setting `location.hash` (a new history entry, so Back returns). */
export function navigate(href: string): void {
  window.location.hash = href.replace(/^#/, '');
}

/** Replaces the current history entry's hash (no new entry, e.g. to drop a one-shot parameter). */
export function replaceRoute(href: string): void {
  const url = new URL(window.location.href);
  url.hash = href.replace(/^#/, '');
  window.history.replaceState(window.history.state, '', url.href);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The current route; re-renders on `hashchange`. */
export function useHashRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseHash(hash);
}
