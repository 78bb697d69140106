import { parseTimeText } from '../../../../shared/time/grammar.js';
import { wallTimeText } from '../../../../shared/time/format.js';
import { isoZ } from '../../../../shared/time/market.js';
import { timeProblem } from '../../components/fieldErrors.js';
import { zoneWord } from '../time/marketTime.js';
import type { MarketTime } from '../time/marketTime.js';

/**
 * The grid pages' window as typed: Start and End read by the shared time grammar (docs/api.md#time-grammar) in the zone
 * shown (market time by default, docs/market-time.md), End exclusive. The address keeps UTC instants (gridChoice.ts);
 * the fields show them as `YYYY-MM-DD HH:mm` wall time of that zone.
 */
export interface WindowText {
  start: string;
  end: string;
}

/** What a window form refuses, per field; empty when it reads. */
export interface WindowProblems {
  start?: string;
  end?: string;
}

/**
 * An instant as the fields show it in `zone`: `2024-09-02T04:00:00Z` → `2024-09-02 00:00` (EDT). The repeated hour of
 * the fall-back day reads as its first occurrence, so its second keeps its offset (`2024-11-03 01:30 -05:00`).
 */
export function instantFieldText(ms: number, zone: string): string {
  const wall = wallTimeText(ms, zone);
  if (typedInstant(wall, zone) === ms) return wall;
  const offset = Math.round((Date.parse(`${wall.replace(' ', 'T')}Z`) - ms) / 60_000);
  const abs = Math.abs(offset);
  return `${wall} ${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** An ISO instant as the fields show it in `zone` ({@link instantFieldText}); unreadable → as given. */
export function windowFieldText(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : instantFieldText(ms, zone);
}

/** The instant a typed time means in `zone` (epoch ms), or null when the grammar refuses it. */
export function typedInstant(text: string, zone: string): number | null {
  try {
    return parseTimeText(text, { zone }).epochMs;
  } catch {
    return null;
  }
}

/**
 * Reads a typed window in `time`'s zone as UTC instants (ISO with `Z`): `{ window }` when both ends read and End is
 * after Start, else `{ problems }` with a sentence for each field at fault (a blank field is "required", an unreadable
 * one quotes the grammar).
 */
export function readWindow(
  text: WindowText,
  time: MarketTime,
): { window: { start: string; end: string } } | { problems: WindowProblems } {
  const problems: WindowProblems = {};
  const start = text.start.trim() ? typedInstant(text.start, time.zone) : null;
  const end = text.end.trim() ? typedInstant(text.end, time.zone) : null;
  const zone = zoneWord(time);
  if (!text.start.trim()) problems.start = `Enter a start date or date-time (${zone}).`;
  else if (start === null) problems.start = timeProblem(text.start);
  if (!text.end.trim()) problems.end = `Enter an end date or date-time (${zone}).`;
  else if (end === null) problems.end = timeProblem(text.end);
  if (start !== null && end !== null && end <= start) problems.end = 'End must be after Start.';
  if (problems.start || problems.end || start === null || end === null) return { problems };
  return { window: { start: isoZ(start), end: isoZ(end) } };
}

/**
 * Typed fields moved from zone `from` to zone `to` when the user switches between market time and UTC: each field that
 * reads is rewritten as the same instant in `to`; one that does not is left as typed.
 */
export function rezoneWindowText(text: WindowText, from: string, to: string): WindowText {
  const move = (t: string) => {
    const ms = t.trim() ? typedInstant(t, from) : null;
    return ms === null ? t : instantFieldText(ms, to);
  };
  return from === to ? text : { start: move(text.start), end: move(text.end) };
}
