import { z } from 'zod';
import { TIME_TEXT_HINT, TIME_TEXT_MAX_LENGTH, timeTextError } from './grammar.js';

/**
 * A time as a client sends it (a query's `startTime`, `endTime`): a string, trimmed, of the time
 * grammar (shared/time/grammar.ts; docs/api.md "Time grammar"), the decoded `+` not read. The zone
 * is applied later, by whoever reads the time (`parseTimeText`). Refusals carry the grammar's
 * message: `'2024-13-01' is not a date or date-time (months are 01–12): use 2024-03-10, …`.
 */
export const TimeText = z
  .string()
  .trim()
  .max(TIME_TEXT_MAX_LENGTH, { error: `A time is at most ${TIME_TEXT_MAX_LENGTH} characters: ${TIME_TEXT_HINT}`, abort: true })
  .superRefine((text, context) => {
    const refusal = timeTextError(text);
    if (refusal) context.addIssue({ code: 'custom', message: refusal.message, input: text });
  });
