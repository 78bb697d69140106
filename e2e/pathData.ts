import type { LocationConstraintCost } from '../shared/index.js';

/**
 * An independent reading of docs/paths.md and docs/overlap.md#lift for the e2e tests, in plain TypeScript from the raw
 * /v1 answers (the dataset's rows and each end's constraint-cost pairs), kept apart from the app's code: rows are
 * matched to pairs by constraint and contingency **name**, the peak buckets are worked out here with Intl.
 */

/** A raw binding row of a PJM constraint dataset: facility names, interval and shadow price. */
export interface RawRow {
  constraint: string;
  contingency: string | null;
  start: number;
  end: number;
  shadowPrice: number;
}

/** All, on-peak, off-peak, 2x16, 7x8 ($/MW). */
export type Buckets = Record<'all' | 'on_peak' | 'off_peak' | '2x16' | '7x8', number>;
const zero = (): Buckets => ({ all: 0, on_peak: 0, off_peak: 0, '2x16': 0, '7x8': 0 });

// NERC holidays of the windows the e2e tests use (docs/market-time.md#peak-buckets): Labor Day 2024.
const HOLIDAYS = new Set(['2024-09-02']);
const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  weekday: 'short',
});

/** The PJM bucket of an interval starting at `ms`: 7x8 outside 07–23 EPT, else 2x16 on weekends and holidays, else on-peak. */
export function pjmBucket(ms: number): 'on_peak' | '2x16' | '7x8' {
  const p = Object.fromEntries(parts.formatToParts(ms).map((x) => [x.type, x.value]));
  const hour = Number(p.hour);
  if (hour < 7 || hour >= 23) return '7x8';
  if (p.weekday === 'Sat' || p.weekday === 'Sun' || HOLIDAYS.has(`${p.year}-${p.month}-${p.day}`)) return '2x16';
  return 'on_peak';
}

/** The path's congestion per constraint id and in total, from raw rows and both ends' pairs (null end = reference). */
export function expectedPath(
  rows: readonly RawRow[],
  source: readonly LocationConstraintCost[],
  sink: readonly LocationConstraintCost[],
) {
  const key = (c: string, k: string | null) => `${c}\u0000${k ?? ''}`;
  const pairs = new Map<string, { id: string; sf: number }>();
  for (const [list, sign] of [
    [sink, 1],
    [source, -1],
  ] as const)
    for (const p of list) {
      const k = key(p.constraint_name, p.contingency_name);
      const was = pairs.get(k) ?? { id: p.constraint_gs_entity_id, sf: 0 };
      pairs.set(k, { id: was.id, sf: was.sf + sign * p.shift_factor });
    }
  const byConstraint = new Map<string, Buckets>();
  const total = zero();
  for (const r of rows) {
    const pair = pairs.get(key(r.constraint, r.contingency));
    if (!pair) continue;
    const cost = Math.abs(r.shadowPrice) * ((r.end - r.start) / 3_600_000) * pair.sf;
    const b = pjmBucket(r.start);
    const sums = byConstraint.get(pair.id) ?? zero();
    for (const s of [sums, total]) {
      s.all += cost;
      s[b] += cost;
      if (b !== 'on_peak') s.off_peak += cost;
    }
    byConstraint.set(pair.id, sums);
  }
  return { byConstraint, total };
}

/** Hours of `[start, end)` the constraint bound while the ticket's `[os, oe)` was out, and the lift (docs/overlap.md#lift). */
export function expectedLift(
  intervals: readonly { start: number; end: number }[],
  out: { start: number; end: number },
  window: { start: number; end: number },
): number | null {
  const h = (ms: number) => ms / 3_600_000;
  const outHours = h(Math.max(0, Math.min(out.end, window.end) - Math.max(out.start, window.start)));
  let bound = 0;
  let boundOut = 0;
  for (const i of intervals) {
    bound += h(i.end - i.start);
    boundOut += h(Math.max(0, Math.min(i.end, out.end) - Math.max(i.start, out.start)));
  }
  const rest = h(window.end - window.start) - outHours;
  if (outHours <= 0 || rest <= 0) return null;
  const notOut = (bound - boundOut) / rest;
  return notOut === 0 ? null : boundOut / outHours / notOut;
}
