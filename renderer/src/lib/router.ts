import { useSyncExternalStore } from 'react';

/**
 * Hash routes (one build serves file:// and http://): `#/`, `#/datasets/<id>`, `#/datasets/<id>/query?<query>`,
 * `#/history`, `#/settings`. The query route's `search` (without `?`) holds the query and the shown pull (queryRoute.ts).
 */
export type Route =
  | { name: 'catalogue' }
  | { name: 'dataset'; datasetId: string }
  | { name: 'query'; datasetId: string; search: string }
  | { name: 'history' }
  | { name: 'settings' }
  | { name: 'not_found'; path: string };

/** Parses a `location.hash` value (with or without the leading `#`) into a {@link Route}. */
export function parseHash(hash: string): Route {
  const whole = hash.replace(/^#/, '') || '/';
  const q = whole.indexOf('?');
  const path = q < 0 ? whole : whole.slice(0, q);
  const search = q < 0 ? '' : whole.slice(q + 1);
  if (path === '/' || path === '') return { name: 'catalogue' };
  if (path === '/settings') return { name: 'settings' };
  if (path === '/history') return { name: 'history' };
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
