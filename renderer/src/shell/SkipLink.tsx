import type { MouseEvent, RefObject } from 'react';
import { focusHeading } from './screenFocus.js';

/**
 * "Skip to content": the page's first focusable element, shown only while focused. It moves the focus to the screen's
 * heading (or `main` itself while there is none) instead of following `#main`, which would be a route of the hash router.
 */
export function SkipLink({ mainRef }: { mainRef: RefObject<HTMLElement | null> }) {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const main = mainRef.current;
    if (main && !focusHeading(main)) main.focus();
  };
  return (
    <a className="skip-link" href="#main" onClick={skip} data-testid="skip-link">
      Skip to content
    </a>
  );
}
