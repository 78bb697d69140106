import type { ApiUsage } from '../../../shared/index.js';
import { fmt } from './estimateText.js';

/**
 * Compares an estimate of `rows` with the plan (docs/desktop.md#usage-meter-and-quota-forecast): pushes a warning
 * onto `warnings` when it is more than the rows left this month, or needs more requests than one response carries
 * (and more than the requests left). Limits of -1 are none. Null figures when usage could not be read.
 */
export function quotaWarnings(
  rows: number,
  usage: ApiUsage | null,
  warnings: string[],
): { remaining: number | null; perResponse: number | null } {
  if (!usage) {
    warnings.push('Usage could not be read: the estimate is not compared with your plan.');
    return { remaining: null, perResponse: null };
  }
  const { limits, current_period_usage: used } = usage;
  const remaining =
    limits.api_rows_returned_limit < 0 ? null : Math.max(0, limits.api_rows_returned_limit - used.total_api_rows_returned);
  const perResponse = limits.api_rows_per_response_limit < 0 ? null : limits.api_rows_per_response_limit;
  const resets = usage.current_usage_period_end.slice(0, 10);
  if (remaining !== null && rows > remaining) {
    warnings.push(
      `About ${fmt(rows)} rows is more than the ${fmt(remaining)} rows left this month on the ${usage.plan_name} plan (it resets on ${resets}).`,
    );
  }
  if (perResponse !== null && perResponse > 0 && rows > perResponse) {
    const pages = Math.ceil(rows / perResponse);
    warnings.push(
      `About ${fmt(rows)} rows is more than the ${fmt(perResponse)} rows one response may carry: it takes about ${fmt(pages)} requests.`,
    );
    const requestsLeft = limits.api_requests_limit < 0 ? null : Math.max(0, limits.api_requests_limit - used.total_requests);
    if (requestsLeft !== null && pages > requestsLeft) {
      warnings.push(`That is more than the ${fmt(requestsLeft)} requests left this month.`);
    }
  }
  return { remaining, perResponse };
}
