import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import type { Route } from '../lib/router.js';

/** How long after a navigation a screen's heading that arrives late (data still loading) still takes the focus. */
const SETTLE_MS = 5_000;

/**
 * Which screen a route shows: its name and the id it is about. A change of `search` alone (a window, a tab, a sort on
 * the same screen) is not a new screen, so focus stays where the user is working.
 */
export function screenOf(route: Route): string {
  switch (route.name) {
    case 'dataset':
    case 'query':
      return `${route.name}:${route.datasetId}`;
    case 'constraint':
      return `constraint:${route.constraintId}`;
    case 'contingency':
      return `contingency:${route.contingencyId}`;
    case 'locations':
      return `locations:${route.locationId ?? ''}`;
    case 'not_found':
      return `not_found:${route.path}`;
    default:
      return route.name;
  }
}

/**
 * Moves the focus to `main`'s `h1` (made focusable with tabIndex -1) so keyboard and screen-reader users start on the
 * screen they opened (docs/accessibility.md). Returns false when `main` has no heading yet.
 */
export function focusHeading(main: HTMLElement): boolean {
  const h1 = main.querySelector<HTMLElement>('h1');
  if (!h1) return false;
  if (!h1.hasAttribute('tabindex')) h1.tabIndex = -1;
  h1.focus({ preventScroll: true });
  return true;
}

/**
 * After each change of screen (not on the first one, where the skip link comes first), focus the new screen's
 * heading: at once, or when it appears or is replaced while the screen loads (a skeleton's heading, then the named
 * one), for {@link SETTLE_MS}. The focus is taken only from the page's frame (the navigation link that was used, the
 * header) or from nowhere; a screen that focuses a field of its own as it mounts (the catalogue's search) keeps it, and
 * once the user moves on from the heading, it is theirs.
 */
export function useHeadingFocusOnNavigate(route: Route, mainRef: RefObject<HTMLElement | null>): void {
  const screen = screenOf(route);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = mainRef.current;
    if (!main) return;
    let ours: Element | null = null;
    const settle = () => {
      const active = document.activeElement;
      const free = !active || active === document.body || (ours ? active === ours : !main.contains(active));
      if (!free) return stop();
      const h1 = main.querySelector('h1');
      if (h1 && h1 !== active && focusHeading(main)) ours = h1;
    };
    const observer = new MutationObserver(settle);
    const timer = window.setTimeout(() => stop(), SETTLE_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    settle();
    return stop;
  }, [screen, mainRef]);
}
