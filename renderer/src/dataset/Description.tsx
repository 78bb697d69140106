import Markdown from 'react-markdown';
import type { Components } from 'react-markdown';

// Links never navigate the app window: they render as text with the target shown for copying.
const components: Components = {
  a: ({ href, children }) => (
    <span className="md-link" title={href ?? undefined}>
      {children}
      {href && <span className="md-href"> ({href})</span>}
    </span>
  ),
};

/** A dataset description as Markdown: raw HTML skipped, images dropped (no remote fetches under CSP), links as text. */
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
