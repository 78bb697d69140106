const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * The default window: the latest day available, UTC `[day, day + 1)`; a latest time at midnight starts that day's first
 * interval, so the day before is the last whole one. Empty strings when unknown.
 */
export function latestDay(latestUtc: string | null | undefined): { startTime: string; endTime: string } {
  const ms = latestUtc ? Date.parse(latestUtc) : NaN;
  if (Number.isNaN(ms)) return { startTime: '', endTime: '' };
  const DAY = 86_400_000;
  const midnight = ms % DAY === 0;
  const start = Math.floor(ms / DAY) * DAY - (midnight ? DAY : 0);
  return { startTime: day(start), endTime: day(start + DAY) };
}
