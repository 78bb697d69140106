import type { Verb } from '../../../shared/bridge/contract.js';
import { toGsError } from '../lib/bridgeQuery.js';
import { useProfiles, useUsage } from '../lib/queries.js';
import { hrefs, navigate } from '../lib/router.js';
import { describeError } from './errorText.js';

/** Props of {@link ErrorState}. */
export interface ErrorStateProps {
  /** What the query or mutation threw (normally a BridgeError). */
  error: unknown;
  /** Re-run the failed request; the Retry button is shown only when given and useful. */
  onRetry?: () => void;
  /** What failed to load, e.g. "the catalogue": the heading reads "Could not load the catalogue: …". */
  what?: string;
  /** A heading of its own instead of "Could not load …", e.g. "The query did not run". */
  heading?: string;
  /** The verb that failed, for messages that depend on it (what was not found). */
  verb?: Verb;
}

/** `API key rejected` stays as it is; `Rate limit reached` → `rate limit reached`. */
const lowerFirst = (s: string): string => (/^[A-Z][A-Z]/.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1));

/**
 * An error panel (role="alert") telling the analyst what happened and what to do, from the one
 * mapping {@link describeError}: Settings for key and URL problems, Retry only where it can help.
 * The host's message, in user words, is shown as detail when it says more.
 */
export function ErrorState({ error, onRetry, what, heading, verb }: ErrorStateProps) {
  const gs = toGsError(error);
  const profiles = useProfiles().data;
  const usagePeriodEnd = useUsage().data?.current_usage_period_end;
  const text = describeError(gs, {
    ...(profiles ? { profile: profiles.active, remoteUrl: profiles.remote.baseUrl } : {}),
    ...(verb ? { verb } : {}),
    ...(usagePeriodEnd ? { usagePeriodEnd } : {}),
  });
  // The host's message often says the same as ours plus a status: show it only when it adds something.
  const plain = (m: string) => m.replace(/\s*\(\d{3}\)/g, '').trim();
  const showDetail = text.detail !== '' && plain(text.detail) !== plain(text.message);
  const title = heading ? `${heading}: ${lowerFirst(text.title)}` : what ? `Could not load ${what}: ${lowerFirst(text.title)}` : text.title;
  return (
    <div className="error-state" role="alert" data-testid="error-state" data-code={gs.code} data-status={gs.status}>
      <h2 className="error-title">{title}</h2>
      <p className="error-message" data-testid="error-message">
        {text.message}
      </p>
      {showDetail && (
        <p className="error-detail">
          <span className="muted">Details: </span>
          {text.detail}
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
