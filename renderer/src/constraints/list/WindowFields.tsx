import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { parseTimeText } from '../../../../shared/time/grammar.js';
import { FieldProblem, fieldAria } from '../../components/FieldProblem.js';
import { GRID_WINDOW_PRESETS } from '../gridRoute.js';

/** Props of {@link WindowFields}: the window `[start, end)` as ISO UTC instants, and what to do with a new one. */
export interface WindowFieldsProps {
  start: string;
  end: string;
  onChange: (window: { start: string; end: string }) => void;
  /** The fieldset's legend, e.g. "Cost window". */
  legend: string;
}

/** An instant as the fields show it: `YYYY-MM-DD HH:mm` (UTC). */
export const windowText = (iso: string): string => new Date(iso).toISOString().slice(0, 16).replace('T', ' ');

const toIso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

/** Reads a field in the app's one time grammar (UTC unless it carries an offset); the problem in words, or the instant. */
function readField(text: string): { iso: string } | { problem: string } {
  try {
    return { iso: toIso(parseTimeText(text, { zone: 'UTC' }).epochMs) };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Start and End (exclusive) in UTC, applied with Apply or Enter (not on each keystroke: a half-typed date would
 * refetch), and the window presets; a problem shows by its field.
 */
export function WindowFields({ start, end, onChange, legend }: WindowFieldsProps) {
  const id = useId();
  const [draft, setDraft] = useState({ start: windowText(start), end: windowText(end), from: `${start}|${end}` });
  const [problems, setProblems] = useState<{ start?: string; end?: string }>({});
  // The address changed (a preset, Back): show its window.
  if (draft.from !== `${start}|${end}`) setDraft({ start: windowText(start), end: windowText(end), from: `${start}|${end}` });

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const s = readField(draft.start);
    const t = readField(draft.end);
    const next: { start?: string; end?: string } = {};
    if ('problem' in s) next.start = s.problem;
    if ('problem' in t) next.end = t.problem;
    if ('iso' in s && 'iso' in t && Date.parse(t.iso) <= Date.parse(s.iso)) next.end = 'End must be after Start.';
    setProblems(next);
    if (!next.start && !next.end && 'iso' in s && 'iso' in t) onChange({ start: s.iso, end: t.iso });
  };

  return (
    <form className="cs-window" onSubmit={apply} aria-label={legend}>
      <fieldset>
        <legend>{legend} (UTC)</legend>
        <label>
          <span>Start</span>
          <input
            type="text"
            value={draft.start}
            onChange={(e) => setDraft({ ...draft, start: e.target.value })}
            placeholder="e.g. 2024-09-02 00:00"
            data-testid="window-start"
            {...fieldAria(`${id}-start`, problems.start)}
          />
          <FieldProblem id={`${id}-start`} text={problems.start} />
        </label>
        <label>
          <span>End (exclusive)</span>
          <input
            type="text"
            value={draft.end}
            onChange={(e) => setDraft({ ...draft, end: e.target.value })}
            placeholder="e.g. 2024-09-04 00:00"
            data-testid="window-end"
            {...fieldAria(`${id}-end`, problems.end)}
          />
          <FieldProblem id={`${id}-end`} text={problems.end} />
        </label>
        <button type="submit">Apply</button>
        <span className="cs-presets" role="group" aria-label={`${legend} presets`}>
          {GRID_WINDOW_PRESETS.map((p) => (
            <button
              key={p.id}
              type="button"
              className="cs-chip"
              aria-pressed={p.start === start && p.end === end}
              onClick={() => {
                setProblems({});
                onChange({ start: p.start, end: p.end });
              }}
            >
              {p.label}
            </button>
          ))}
        </span>
      </fieldset>
    </form>
  );
}
