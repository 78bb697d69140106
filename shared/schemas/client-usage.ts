import { z } from 'zod';
import { usagePeriod, utcOffsetIso } from '../time/period.js';
import type { ApiUsage } from './usage.js';

const Limit = z
  .number()
  .nullable()
  .transform((n) => n ?? -1);
const OptionalLimit = z
  .number()
  .nullish()
  .transform((n) => n ?? -1);

/** Usage body as received → {@link ApiUsage}: absent limits `-1` (docs/desktop.md#reading-v1-bodies-from-any-server). */
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
