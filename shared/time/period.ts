/**
 * The usage period of /v1/api_usage: the calendar month in UTC (addendum "Other endpoints"), as the
 * server counts it (server/usage.ts) and as the client assumes when a body does not say
 * (shared/schemas/client-usage.ts). Pure: no Node, no DOM.
 */

/** Start (inclusive) and end (exclusive: the next month's start) of the UTC month containing `now`; `key` is `YYYY-MM`. */
export function usagePeriod(now: Date): { start: Date; end: Date; key: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end, key: start.toISOString().slice(0, 7) };
}

/** `2024-03-01T00:00:00+00:00` (the spec's form of the period bounds) for a Date on a whole second. */
export const utcOffsetIso = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
