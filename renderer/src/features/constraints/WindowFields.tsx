import type { ReactNode } from 'react';
import { FieldProblem, fieldAria } from '../../components/FieldProblem.js';
import { GRID_WINDOW_PRESETS } from './gridChoice.js';
import { windowFieldText } from './window.js';
import type { WindowProblems, WindowText } from './window.js';
import './fields.css';

/** Props of {@link WindowFields}: the typed window, its change handler and the problems shown by each field. */
export interface WindowFieldsProps {
  /** Prefix of the fields' test ids and problem ids: `<prefix>-start`, `<prefix>-end-problem`. */
  idPrefix: string;
  value: WindowText;
  onChange: (value: WindowText) => void;
  problems: WindowProblems;
  /** A preset applies the window at once (pages whose window is all they ask); without it a preset fills the fields. */
  onPreset?: (window: { start: string; end: string }) => void;
  /** Shown between End and the presets, e.g. the form's Apply button. */
  submit?: ReactNode;
}

/**
 * The grid pages' one window picker: Start and End (UTC, End exclusive) as text fields read by the shared time grammar
 * (window.ts), and the window presets as chips, the one matching the fields pressed. A problem shows by its field.
 * They wrap as one group, so a row never splits Start from End.
 */
export function WindowFields({ idPrefix, value, onChange, problems, onPreset, submit }: WindowFieldsProps) {
  const startId = `${idPrefix}-start-problem`;
  const endId = `${idPrefix}-end-problem`;
  return (
    <div className="window-group">
      <label className="choice-field window-field">
        <span>Start (UTC)</span>
        <input
          type="text"
          value={value.start}
          onChange={(e) => onChange({ ...value, start: e.target.value })}
          placeholder="e.g. 2024-09-02 00:00"
          spellCheck={false}
          data-testid={`${idPrefix}-start`}
          {...fieldAria(startId, problems.start)}
        />
        <FieldProblem id={startId} text={problems.start} />
      </label>
      <label className="choice-field window-field">
        <span>End (UTC, exclusive)</span>
        <input
          type="text"
          value={value.end}
          onChange={(e) => onChange({ ...value, end: e.target.value })}
          placeholder="e.g. 2024-09-04 00:00"
          spellCheck={false}
          data-testid={`${idPrefix}-end`}
          {...fieldAria(endId, problems.end)}
        />
        <FieldProblem id={endId} text={problems.end} />
      </label>
      {submit}
      <div className="choice-field window-presets">
        <span aria-hidden="true">Presets</span>
        <span className="preset-row" role="group" aria-label="Window presets">
          {GRID_WINDOW_PRESETS.map((p) => {
            const text = { start: windowFieldText(p.start), end: windowFieldText(p.end) };
            return (
              <button
                key={p.id}
                type="button"
                className="chip"
                title={p.title}
                aria-pressed={text.start === value.start.trim() && text.end === value.end.trim()}
                onClick={() => (onPreset ? onPreset({ start: p.start, end: p.end }) : onChange(text))}
              >
                {p.label}
              </button>
            );
          })}
        </span>
      </div>
    </div>
  );
}
