import { z } from 'zod';
import { usagePeriod, utcOffsetIso } from '../time/period.js';
import type { ApiUsage } from './usage.js';

/**
 * `GET /v1/api_usage` body as received from any /v1 server (spec endpoint 15, "API usage"),
 * normalised into {@link ApiUsage}. The spec names `plan_name`, `limits.api_rows_returned_limit`,
 * `limits.api_rows_per_response_limit` and `current_period_usage.{total_api_rows_returned,
 * total_requests}` and says only that they are numbers: those are required (any number; a null
 * limit reads as `-1`, "no limit"). The addendum's other keys may be absent: absent limits read
 * as `-1`; an absent usage period is the calendar month in UTC (addendum) — the month of
 * `current_usage_period_start` when that is sent, else the current month. Extra keys are ignored.
 */

const Limit = z
  .number()
  .nullable()
  .transform((n) => n ?? -1);
const OptionalLimit = z
  .number()
  .nullish()
  .transform((n) => n ?? -1);

/** Usage as received → {@link ApiUsage} (rules above). */
export const ClientApiUsage = z
  .object({
    plan_name: z.string(),
    limits: z.object({
      api_rows_returned_limit: Limit,
      api_requests_limit: OptionalLimit,
      api_rows_per_response_limit: Limit,
      per_second_api_rate_limit: OptionalLimit,
      per_minute_api_rate_limit: OptionalLimit,
      per_hour_api_rate_limit: OptionalLimit,
    }),
    current_usage_period_start: z.string().nullish(),
    current_usage_period_end: z.string().nullish(),
    current_period_usage: z.object({ total_requests: z.number(), total_api_rows_returned: z.number() }),
  })
  .transform((u): ApiUsage => {
    const sent = u.current_usage_period_start ? Date.parse(u.current_usage_period_start) : NaN;
    const month = usagePeriod(new Date(Number.isNaN(sent) ? Date.now() : sent));
    return {
      plan_name: u.plan_name,
      limits: u.limits,
      current_usage_period_start: u.current_usage_period_start ?? utcOffsetIso(month.start),
      current_usage_period_end: u.current_usage_period_end ?? utcOffsetIso(month.end),
      current_period_usage: u.current_period_usage,
    };
  });
