/**
 * Eastern prevailing time (PJM's clock in eDART) to UTC, with the zone rules of the JavaScript
 * runtime (Intl), so daylight saving time is applied per date.
 */

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Offset of Eastern time from UTC at an instant, in minutes (−300 or −240). */
function offsetMinutes(instantMs: number): number {
  const parts = Object.fromEntries(formatter.formatToParts(new Date(instantMs)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((wall - instantMs) / 60_000);
}

/** Epoch ms of an Eastern wall-clock time (month 1–12). The repeated autumn hour reads as daylight time. */
export function easternToUtc(year: number, month: number, day: number, hour: number, minute: number): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let instant = wall + 300 * 60_000;
  for (let i = 0; i < 2; i += 1) instant = wall - offsetMinutes(instant) * 60_000;
  return instant;
}
