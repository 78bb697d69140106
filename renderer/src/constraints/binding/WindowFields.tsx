import { FieldProblem, fieldAria } from '../../components/FieldProblem.js';
import { GRID_WINDOW_PRESETS } from '../gridRoute.js';
import './fields.css';
import { windowFieldText } from './window.js';
import type { WindowProblems, WindowText } from './window.js';

/** Props of {@link WindowFields}: the typed window, its change handler and the problems shown by each field. */
export interface WindowFieldsProps {
  idPrefix: string;
  value: WindowText;
  onChange: (value: WindowText) => void;
  problems: WindowProblems;
}

/**
 * Start and End (UTC, End exclusive) as text fields read by the shared time grammar (see window.ts), and the grid
 * pages' window presets, which fill both fields (the form applies them).
 */
export function WindowFields({ idPrefix, value, onChange, problems }: WindowFieldsProps) {
  const startId = `${idPrefix}-start-problem`;
  const endId = `${idPrefix}-end-problem`;
  return (
    <>
      <label className="choice-field">
        <span>Start (UTC)</span>
        <input
          type="text"
          value={value.start}
          onChange={(e) => onChange({ ...value, start: e.target.value })}
          placeholder="e.g. 2024-09-02 00:00"
          data-testid={`${idPrefix}-start`}
          {...fieldAria(startId, problems.start)}
        />
        <FieldProblem id={startId} text={problems.start} />
      </label>
      <label className="choice-field">
        <span>End (UTC, exclusive)</span>
        <input
          type="text"
          value={value.end}
          onChange={(e) => onChange({ ...value, end: e.target.value })}
          placeholder="e.g. 2024-09-04 00:00"
          data-testid={`${idPrefix}-end`}
          {...fieldAria(endId, problems.end)}
        />
        <FieldProblem id={endId} text={problems.end} />
      </label>
      <div className="choice-field window-presets" role="group" aria-label="Window presets">
        <span>Presets</span>
        <span className="preset-row">
          {GRID_WINDOW_PRESETS.map((p) => (
            <button
              key={p.id}
              type="button"
              className="link-button"
              onClick={() => onChange({ start: windowFieldText(p.start), end: windowFieldText(p.end) })}
            >
              {p.label}
            </button>
          ))}
        </span>
      </div>
    </>
  );
}
