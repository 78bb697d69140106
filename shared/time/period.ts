/** The usage period (docs/api.md#api-usage) containing `now`: its UTC month, `end` exclusive, `key` `YYYY-MM`. */
export function usagePeriod(now: Date): { start: Date; end: Date; key: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end, key: start.toISOString().slice(0, 7) };
}

/** `2024-03-01T00:00:00+00:00`, the /v1 form of the period bounds, for a Date on a whole second. */
export const utcOffsetIso = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
