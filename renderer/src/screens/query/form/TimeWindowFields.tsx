import type { DatasetWithTimezone } from '../../../../../shared/schemas/dataset.js';
import { TimezoneField } from '../TimezoneField.js';
import { TIME_PLACEHOLDER } from './kit.js';
import type { FieldKit } from './kit.js';
import { TIME_PRESETS, availability, formZone, presetWindow, pressedPreset } from './timeWindow.js';

/**
 * Start, End (exclusive) and the zone they are read in, with presets relative to the dataset's data ("Last week" is
 * the 7 days up to its latest interval) and where that data lies, in the chosen zone.
 */
export function TimeWindowFields({ dataset, kit }: { dataset: DatasetWithTimezone; kit: FieldKit }) {
  const { f, patch, aria, problem, zoneName } = kit;
  const available = availability(dataset, formZone(dataset, f.zoneChoice, f.zoneTyped));
  // `f.preset` is the one clicked; typing Start or End forgets it, so then the narrowest matching preset shows pressed.
  const pressed = pressedPreset(available, f.start, f.end, f.preset);
  return (
    <fieldset className="query-group" data-testid="query-time-window">
      <legend>Time window</legend>
      <div className="query-fields">
        <label>
          <span>Start ({zoneName})</span>
          <input
            type="text"
            value={f.start}
            onChange={(e) => patch({ start: e.target.value, preset: undefined })}
            placeholder={TIME_PLACEHOLDER}
            data-testid="query-start"
            {...aria('start')}
          />
          {problem('start')}
        </label>
        <label>
          <span>End ({zoneName}, exclusive)</span>
          <input
            type="text"
            value={f.end}
            onChange={(e) => patch({ end: e.target.value, preset: undefined })}
            placeholder={TIME_PLACEHOLDER}
            data-testid="query-end"
            {...aria('end')}
          />
          {problem('end')}
        </label>
        <TimezoneField
          choice={f.zoneChoice}
          typed={f.zoneTyped}
          marketZone={dataset.data_timezone}
          onChoice={(zoneChoice) => patch({ zoneChoice })}
          onTyped={(zoneTyped) => patch({ zoneTyped })}
          problem={kit.problemText('zone')}
          problemId={kit.problemId('zone')}
        />
      </div>
      <div className="time-presets">
        {available ? (
          <>
            <div className="preset-buttons" role="group" aria-label="Time window presets">
              {TIME_PRESETS.map((p) => (
                <button
                  key={p.id}
                  type="button"
                  className="chip"
                  aria-pressed={pressed === p.id}
                  onClick={() => {
                    const w = presetWindow(available, p.id);
                    if (w) patch({ start: w.start, end: w.end, preset: p.id });
                  }}
                  data-testid={`preset-${p.id}`}
                >
                  {p.label}
                </button>
              ))}
            </div>
            <span className="muted field-hint" data-testid="query-availability">
              Data from {available.firstTime} to {available.lastTime} ({zoneName}, interval starts)
            </span>
          </>
        ) : (
          <span className="muted field-hint">The catalogue does not say which times this dataset covers.</span>
        )}
      </div>
    </fieldset>
  );
}
