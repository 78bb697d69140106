import { parseTimeText } from '../../../../shared/time/grammar.js';
import { timeProblem } from '../../components/fieldErrors.js';

/**
 * The grid pages' window as typed: Start and End in UTC (the shared time grammar, docs/api.md#time-grammar), End
 * exclusive. The address keeps ISO instants (gridChoice.ts); the fields show them as `YYYY-MM-DD HH:mm`.
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

/** An ISO instant as the fields show it: `2024-09-02T00:00:00Z` → `2024-09-02 00:00` (seconds kept when not zero). */
export function windowFieldText(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const text = d.toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, text.endsWith(':00.000Z') ? 16 : 19)}`;
}

function instantOf(text: string): string | null {
  try {
    const ms = parseTimeText(text, { zone: 'UTC' }).epochMs;
    return new Date(ms).toISOString().replace('.000Z', 'Z');
  } catch {
    return null;
  }
}

/**
 * Reads a typed window as UTC instants: `{ window }` when both ends read and End is after Start, else `{ problems }`
 * with a sentence for each field at fault (a blank field is "required", an unreadable one quotes the grammar).
 */
export function readWindow(text: WindowText): { window: { start: string; end: string } } | { problems: WindowProblems } {
  const problems: WindowProblems = {};
  const start = text.start.trim() ? instantOf(text.start) : null;
  const end = text.end.trim() ? instantOf(text.end) : null;
  if (!text.start.trim()) problems.start = 'Enter a start date or date-time (UTC).';
  else if (!start) problems.start = timeProblem(text.start);
  if (!text.end.trim()) problems.end = 'Enter an end date or date-time (UTC).';
  else if (!end) problems.end = timeProblem(text.end);
  if (start && end && Date.parse(end) <= Date.parse(start)) problems.end = 'End must be after Start.';
  if (problems.start || problems.end || !start || !end) return { problems };
  return { window: { start, end } };
}
