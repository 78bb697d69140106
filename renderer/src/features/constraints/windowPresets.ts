import { MARKET_DAY_PRESETS, presetWindow } from '../../../../shared/time/presets.js';
import { marketDaysWindow, parseMarketDate } from '../../../../shared/time/market.js';

/**
 * The grid pages' window presets: whole market days (docs/market-time.md#presets) counted from today in the market's
 * zone, and the embedded samples, also as market days, so a first visit finds data. A market without a clock counts
 * its days in UTC.
 */

/** A one-click window: `[start, end)` as ISO instants with `Z`. */
export interface WindowPreset {
  id: string;
  /** Short enough for a chip. */
  label: string;
  /** What the preset is, as its tooltip. */
  title: string;
  start: string;
  end: string;
}

/** The embedded sample data's market days (PJM binding constraints and outages, docs/constraints.md). */
export const SAMPLE_MARKET_DAYS = [
  { id: 'sample-2024', label: 'Sample: Sep 2–3, 2024', first: '2024-09-02', last: '2024-09-03' },
  { id: 'sample-2023', label: 'Sample: Nov 5–6, 2023', first: '2023-11-05', last: '2023-11-06' },
] as const;

/** The market-day presets (Today … Last month) counted from `nowMs` in `marketZone`. */
export function marketDayPresets(nowMs: number, marketZone: string): WindowPreset[] {
  return MARKET_DAY_PRESETS.map((p) => ({
    id: p.id,
    label: p.label,
    title: `${p.label}: whole market days, 00:00 to 00:00 market time`,
    ...presetWindow(p.id, nowMs, marketZone),
  }));
}

/** The embedded samples as windows of market days in `marketZone`. */
export function samplePresets(marketZone: string): WindowPreset[] {
  return SAMPLE_MARKET_DAYS.map((s) => ({
    id: s.id,
    label: s.label,
    title: `The embedded sample data: market days ${s.first} to ${s.last}`,
    ...marketDaysWindow(s.first, s.last, marketZone),
  }));
}

/**
 * A typed market day (`YYYY-MM-DD`) as its window in `marketZone`: `{ window }` (24 hours, 23 or 25 on the DST days) or
 * `{ problem }` in user words.
 */
export function readMarketDay(
  text: string,
  marketZone: string,
): { window: { start: string; end: string } } | { problem: string } {
  const day = text.trim();
  if (!day) return { problem: 'Enter a market day, e.g. 2024-09-02.' };
  try {
    parseMarketDate(day);
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  return { window: marketDaysWindow(day, day, marketZone) };
}
