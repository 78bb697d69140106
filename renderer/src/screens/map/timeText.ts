import { wallTimeText, zoneNameAt } from '../../../../shared/time/format.js';
import type { ShownWindow } from '../../features/map/timeWindow.js';

/**
 * The shown window in words, in the app's one date format: `2024-09-02 07:00 → 08:00 EDT` within a day,
 * `2024-09-02 00:00 → 2024-09-03 00:00 EDT` across days, each side named when the zone changes inside it. The end is
 * exclusive, as everywhere in the app.
 */
export function windowInZone(w: ShownWindow, zone: string): string {
  const [start, end] = [wallTimeText(w.start, zone), wallTimeText(w.end, zone)];
  const [a, b] = [zoneNameAt(zone, w.start), zoneNameAt(zone, w.end)];
  if (a !== b) return `${start} ${a} → ${end} ${b}`;
  return `${start} → ${end.slice(0, 10) === start.slice(0, 10) ? end.slice(11) : end} ${b}`;
}
