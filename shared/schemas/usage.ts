import { z } from 'zod';
import { DateTimeString } from './common.js';

/** `GET /v1/api_usage` body, keys in this order (docs/api.md#api-usage); `-1` = no limit; the period is the UTC month. */
export const ApiUsage = z.object({
  plan_name: z.string(),
  limits: z.object({
    api_rows_returned_limit: z.number().int(),
    api_requests_limit: z.number().int(),
    api_rows_per_response_limit: z.number().int(),
    per_second_api_rate_limit: z.number().int(),
    per_minute_api_rate_limit: z.number().int(),
    per_hour_api_rate_limit: z.number().int(),
  }),
  current_usage_period_start: DateTimeString,
  current_usage_period_end: DateTimeString,
  current_period_usage: z.object({
    total_requests: z.number().int(),
    total_api_rows_returned: z.number().int(),
  }),
});
export type ApiUsage = z.infer<typeof ApiUsage>;
