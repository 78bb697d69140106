import type { Verb } from '../../../shared/bridge/contract.js';
import { toGsError } from '../lib/bridgeQuery.js';
import { useProfiles, useUsage } from '../lib/queries.js';
import { hrefs, navigate } from '../lib/router.js';
import { describeError, detailBeyond } from './errorText.js';

/** Props of {@link ErrorState}; the title is `heading`, else "Could not load <what>"; Retry shows only with `onRetry`. */
export interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  what?: string;
  heading?: string;
  verb?: Verb;
}

const lowerFirst = (s: string): string => (/^[A-Z][A-Z]/.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1));

/** An error panel (role="alert") from {@link describeError}: what happened, what to do, and the host's words when they add something. */
export function ErrorState({ error, onRetry, what, heading, verb }: ErrorStateProps) {
  const gs = toGsError(error);
  const profiles = useProfiles().data;
  const usagePeriodEnd = useUsage().data?.current_usage_period_end;
  const text = describeError(gs, {
    ...(profiles ? { profile: profiles.active, remoteUrl: profiles.remote.baseUrl } : {}),
    ...(verb ? { verb } : {}),
    ...(usagePeriodEnd ? { usagePeriodEnd } : {}),
  });
  const detail = detailBeyond(text.message, text.detail);
  const title = heading
    ? `${heading}: ${lowerFirst(text.title)}`
    : what
      ? `Could not load ${what}: ${lowerFirst(text.title)}`
      : text.title;
  return (
    <div className="error-state" role="alert" data-testid="error-state" data-code={gs.code} data-status={gs.status}>
      <h2 className="error-title">{title}</h2>
      <p className="error-message" data-testid="error-message">
        {text.message}
      </p>
      {detail && (
        <p className="error-detail">
          <span className="muted">Details: </span>
          {detail}
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
