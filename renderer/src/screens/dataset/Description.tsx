import Markdown from 'react-markdown';
import type { Components } from 'react-markdown';

/** The http(s) URL a description link may open, or null (other schemes, relative links, credentials, unparseable). */
export function externalHref(href: string | null | undefined): string | null {
  if (!href) return null;
  try {
    const url = new URL(href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

// A new-window link is what the desktop's window-open handler sends to the system browser (the web host opens a tab);
// the app window itself never navigates. Anything else stays text.
const components: Components = {
  a: ({ href, children }) => {
    const url = externalHref(href);
    if (!url)
      return (
        <span className="md-link" title={href ?? undefined}>
          {children}
        </span>
      );
    return (
      <a href={url} target="_blank" rel="noreferrer" title={url}>
        {children}
      </a>
    );
  },
};

/** A dataset description as Markdown: raw HTML skipped, images dropped (no remote fetches under CSP), http(s) links open outside. */
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
