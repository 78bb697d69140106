import type { ApiUsage } from '../../../shared/schemas/usage.js';
import { formatCount } from '../lib/format.js';
import { useUsage } from '../lib/queries.js';
import { ActivityLine } from './ActivityLine.js';
import { useUsageFollowsTraffic } from './useUsageFollowsTraffic.js';

// A negative limit (-1) means the plan has none.
function ofLimit(used: number, limit: number): string {
  return limit < 0 ? `${formatCount(used)} / unlimited` : `${formatCount(used)} / ${formatCount(limit)}`;
}

function share(used: number, limit: number): number | null {
  if (limit < 0) return null;
  if (limit === 0) return 1;
  return Math.min(1, used / limit);
}

function Figure({ label, used, limit, testId }: { label: string; used: number; limit: number; testId: string }) {
  const s = share(used, limit);
  const level = s === null ? '' : s >= 0.9 ? ' danger' : s >= 0.75 ? ' warn' : '';
  return (
    <span className="usage-figure" data-testid={testId}>
      <span className="muted">{label}</span> <span className="mono">{ofLimit(used, limit)}</span>
      {s !== null && (
        <span
          className={`usage-bar${level}`}
          role="meter"
          aria-label={`${label} used`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(s * 100)}
        >
          <span style={{ width: `${Math.round(s * 100)}%` }} />
        </span>
      )}
    </span>
  );
}

/** The plan and this month's rows and requests of one {@link ApiUsage}. */
export function UsageFigures({ usage }: { usage: ApiUsage }) {
  const used = usage.current_period_usage;
  return (
    <>
      <span className="usage-plan" data-testid="usage-plan">
        Plan <strong>{usage.plan_name}</strong>
      </span>
      <Figure label="Rows" used={used.total_api_rows_returned} limit={usage.limits.api_rows_returned_limit} testId="usage-rows" />
      <Figure label="Requests" used={used.total_requests} limit={usage.limits.api_requests_limit} testId="usage-requests" />
    </>
  );
}

/**
 * Status-bar usage meter (`usage:get`, docs/api.md#api-usage), read again whenever the app's counted /v1 requests settle;
 * unreadable usage is said quietly, not as an error.
 */
export function UsageMeter() {
  const usage = useUsage();
  useUsageFollowsTraffic();
  return (
    <footer className="status-bar" data-testid="status-bar" aria-label="Usage this month">
      {usage.data ? (
        <UsageFigures usage={usage.data} />
      ) : (
        <span className="muted" data-testid="usage-unavailable">
          {usage.isPending ? 'Reading usage…' : 'usage unavailable'}
        </span>
      )}
      <ActivityLine />
    </footer>
  );
}
