import { toGsError } from '../lib/bridgeQuery.js';
import { useProfiles } from '../lib/queries.js';
import { hrefs, navigate } from '../lib/router.js';
import { describeError } from './errorText.js';

/** Props of {@link ErrorState}. */
export interface ErrorStateProps {
  /** What the query or mutation threw (normally a BridgeError). */
  error: unknown;
  /** Re-run the failed request; the Retry button is shown only when given and useful. */
  onRetry?: () => void;
  /** What failed, e.g. "the catalogue"; used in the heading for context. */
  what?: string;
}

/**
 * An error panel (role="alert") telling the analyst what happened and what to do: open
 * Settings for key/URL problems, retry for transient ones. The host's message is shown as detail.
 */
export function ErrorState({ error, onRetry, what }: ErrorStateProps) {
  const gs = toGsError(error);
  const profiles = useProfiles().data;
  const text = describeError(gs, { profile: profiles?.active, remoteUrl: profiles?.remote.baseUrl });
  // The host's message often says the same as ours plus a status: show it only when it adds something.
  const plain = (m: string) => m.replace(/\s*\(\d{3}\)/g, '').trim();
  const showDetail = gs.message && plain(gs.message) !== plain(text.message);
  return (
    <div className="error-state" role="alert" data-testid="error-state" data-code={gs.code} data-status={gs.status}>
      <h2 className="error-title">{what ? `Could not load ${what}: ${text.title.toLowerCase()}` : text.title}</h2>
      <p className="error-message">{text.message}</p>
      {showDetail && (
        <p className="error-detail">
          <span className="muted">Details: </span>
          {gs.message}
        </p>
      )}
      <div className="actions">
        {text.actions.includes('retry') && onRetry && (
          <button type="button" className="primary" onClick={onRetry}>
            Retry
          </button>
        )}
        {text.actions.includes('settings') && (
          <button type="button" onClick={() => navigate(hrefs.settings)}>
            Open Settings
          </button>
        )}
        {text.actions.includes('catalogue') && (
          <button type="button" onClick={() => navigate(hrefs.catalogue)}>
            Back to the catalogue
          </button>
        )}
      </div>
    </div>
  );
}
