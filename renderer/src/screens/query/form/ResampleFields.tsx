import type { DatasetWithTimezone } from '../../../../../shared/schemas/dataset.js';
import { RESAMPLE_FREQUENCY_SHORTHANDS, RESAMPLE_FUNCTIONS } from '../../../../../shared/schemas/query.js';
import type { ResampleFunction } from '../../../../../shared/schemas/query.js';
import type { FieldKit } from './kit.js';
import { FREQUENCY_LABELS, FUNCTION_LABELS, OTHER_FREQUENCY, groupableColumns } from './resample.js';
import { labelWithUnit, termOf, typeInWords } from '../../../../../shared/vocabulary/index.js';

/**
 * Resampling (docs/query.md#resampling): the interval (presets or "Other interval…" typed as `2 hours`), the
 * aggregation applied to every numeric column, and the columns that keep their own series. The last two wait for an
 * interval.
 */
export function ResampleFields({ dataset, kit }: { dataset: DatasetWithTimezone; kit: FieldKit }) {
  const { f, patch, aria, problem } = kit;
  const off = f.resampleChoice === '';
  const groupable = groupableColumns(dataset);
  const grouped = groupable.map((c) => c.name).filter((n) => f.resampleBy.has(n));
  const toggle = (name: string, on: boolean) => {
    const next = new Set(f.resampleBy);
    if (on) next.add(name);
    else next.delete(name);
    patch({ resampleBy: next });
  };
  return (
    <fieldset className="query-group" data-testid="query-resampling">
      <legend>Resampling</legend>
      <div className="query-fields">
        <label>
          <span>Resample to</span>
          <select
            value={f.resampleChoice}
            onChange={(e) => patch({ resampleChoice: e.target.value })}
            data-testid="resample-frequency"
            {...(f.resampleChoice === OTHER_FREQUENCY ? {} : aria('resampleFrequency'))}
          >
            <option value="">No resampling (source intervals)</option>
            {RESAMPLE_FREQUENCY_SHORTHANDS.map((s) => (
              <option key={s} value={s}>
                {FREQUENCY_LABELS[s]}
              </option>
            ))}
            <option value={OTHER_FREQUENCY}>Other interval…</option>
          </select>
          {f.resampleChoice !== OTHER_FREQUENCY && problem('resampleFrequency')}
        </label>
        {f.resampleChoice === OTHER_FREQUENCY && (
          <label>
            <span>Interval</span>
            <input
              type="text"
              value={f.resampleTyped}
              onChange={(e) => patch({ resampleTyped: e.target.value })}
              placeholder="e.g. 2 hours"
              autoComplete="off"
              spellCheck={false}
              data-testid="resample-frequency-other"
              {...aria('resampleFrequency')}
            />
            {problem('resampleFrequency')}
          </label>
        )}
        <label>
          <span>Aggregation</span>
          <select
            value={f.resampleFunction}
            onChange={(e) => patch({ resampleFunction: e.target.value as ResampleFunction })}
            disabled={off}
            data-testid="resample-function"
            {...aria('resampleFunction')}
          >
            {RESAMPLE_FUNCTIONS.map((fn) => (
              <option key={fn} value={fn}>
                {FUNCTION_LABELS[fn]}
              </option>
            ))}
          </select>
          {problem('resampleFunction')}
        </label>
        <div className="query-wide">
          <span id="resample-by-label" className="field-label">
            Group by <span className="muted">(one series per value)</span>
          </span>
          <div
            className="chip-list"
            role="group"
            aria-labelledby="resample-by-label"
            data-testid="resample-by"
            {...aria('resampleBy')}
          >
            {groupable.length === 0 && <span className="muted field-hint">No column to group by.</span>}
            {groupable.map((c) => (
              <label key={c.name} className="chip" title={`${c.name} (${typeInWords(c.type)})`}>
                <input
                  type="checkbox"
                  checked={f.resampleBy.has(c.name)}
                  disabled={off}
                  onChange={(e) => toggle(c.name, e.target.checked)}
                  data-testid={`resample-by-${c.name}`}
                />
                {labelWithUnit(termOf(c.name, c.type))}
              </label>
            ))}
          </div>
          {problem('resampleBy')}
        </div>
      </div>
      {!off && (
        <p className="muted field-hint" data-testid="resample-summary">
          Each interval holds the {FUNCTION_LABELS[f.resampleFunction].toLowerCase()} of every numeric column
          {grouped.length > 0 ? `, per ${grouped.join(' and ')}` : ' over all rows'}; other columns are left out.
        </p>
      )}
    </fieldset>
  );
}
