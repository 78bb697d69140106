import Markdown from 'react-markdown';
import type { Components } from 'react-markdown';

/**
 * Links in a description never navigate the app window: they render as text, with the target
 * shown on hover and selectable for copying.
 */
const components: Components = {
  a: ({ href, children }) => (
    <span className="md-link" title={href ?? undefined}>
      {children}
      {href && <span className="md-href"> ({href})</span>}
    </span>
  ),
};

/**
 * A dataset description rendered as Markdown with react-markdown: raw HTML is skipped, images
 * are dropped (no remote fetches under CSP), links become text.
 */
export function Description({ markdown }: { markdown: string | null }) {
  if (!markdown) return <p className="muted">No description.</p>;
  return (
    <div className="markdown" data-testid="dataset-description">
      <Markdown skipHtml disallowedElements={['img']} unwrapDisallowed components={components}>
        {markdown}
      </Markdown>
    </div>
  );
}
