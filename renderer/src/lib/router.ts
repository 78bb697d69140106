import { useSyncExternalStore } from 'react';

/** Hash routes (one build serves file:// and http://): `#/`, `#/datasets/<id>`, `#/datasets/<id>/query`, `#/settings`. */
export type Route =
  | { name: 'catalogue' }
  | { name: 'dataset'; datasetId: string }
  | { name: 'query'; datasetId: string }
  | { name: 'settings' }
  | { name: 'not_found'; path: string };

/** Parses a `location.hash` value (with or without the leading `#`) into a {@link Route}. */
export function parseHash(hash: string): Route {
  const path = hash.replace(/^#/, '') || '/';
  if (path === '/' || path === '') return { name: 'catalogue' };
  if (path === '/settings') return { name: 'settings' };
  const m = /^\/datasets\/([^/?#]+)(\/query)?\/?$/.exec(path);
  if (m?.[1]) {
    try {
      return { name: m[2] ? 'query' : 'dataset', datasetId: decodeURIComponent(m[1]) };
    } catch {
      return { name: 'not_found', path };
    }
  }
  return { name: 'not_found', path };
}

/** Hrefs for links; hash-only so nothing navigates the window away. */
export const hrefs = {
  catalogue: '#/',
  settings: '#/settings',
  dataset: (id: string) => `#/datasets/${encodeURIComponent(id)}`,
  query: (id: string) => `#/datasets/${encodeURIComponent(id)}/query`,
};

/** Navigates within the app by setting `location.hash`. */
export function navigate(href: string): void {
  window.location.hash = href.replace(/^#/, '');
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
