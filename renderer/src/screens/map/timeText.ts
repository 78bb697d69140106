import type { ShownWindow } from '../../features/map/timeWindow.js';

/**
 * The shown window in words, in UTC and in market time, e.g. "Sep 2, 2024, 11:00 – 12:00 UTC" and
 * "Sep 2, 2024, 07:00 – 08:00 EDT". The end is exclusive, as everywhere in the app.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function format(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formats.set(zone, f);
  }
  return f;
}

/** `w` in `zone` (an IANA name; an unknown one falls back to UTC). */
export function windowInZone(w: ShownWindow, zone: string): string {
  let f: Intl.DateTimeFormat;
  try {
    f = format(zone);
  } catch {
    f = format('UTC');
  }
  return f.formatRange(new Date(w.start), new Date(w.end));
}

/** "Sep 2, 2024, 11:00 – 12:00 UTC" (the slider's `aria-valuetext`). */
export function windowInUtc(w: ShownWindow): string {
  return windowInZone(w, 'UTC');
}
