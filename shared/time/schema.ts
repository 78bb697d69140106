import { z } from 'zod';
import { TIME_TEXT_HINT, TIME_TEXT_MAX_LENGTH, timeTextError } from './grammar.js';

/** A client's time text (`startTime`, `endTime`), trimmed and checked by the time grammar; the reader applies the zone. */
export const TimeText = z
  .string()
  .trim()
  .max(TIME_TEXT_MAX_LENGTH, { error: `A time is at most ${TIME_TEXT_MAX_LENGTH} characters: ${TIME_TEXT_HINT}`, abort: true })
  .superRefine((text, context) => {
    const refusal = timeTextError(text);
    if (refusal) context.addIssue({ code: 'custom', message: refusal.message, input: text });
  });
