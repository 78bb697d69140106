import { describeError } from '../../components/errorText.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { useDisplaySettings, useSetTimeDisplay } from '../../features/time/displayQueries.js';
import type { TimeDisplay } from '../../../../shared/bridge/display.js';

const CHOICES: { value: TimeDisplay; label: string; hint: string }[] = [
  {
    value: 'market',
    label: 'Market time',
    hint: "Each market's own clock: EPT for PJM, NYISO and ISO-NE, CPT for MISO, SPP and ERCOT, PPT for CAISO; labels name the zone in force (EDT in summer, EST in winter).",
  },
  { value: 'utc', label: 'UTC', hint: 'Every window, preset and label in UTC; presets stay whole market days.' },
];

/**
 * Settings → Times: market time (the default) or UTC for every window, preset and label (`display:set`, kept by the
 * app, docs/market-time.md). The window pickers' "Times in" switch changes the same choice.
 */
export function TimeDisplaySettings() {
  const { times } = useDisplaySettings();
  const set = useSetTimeDisplay();
  return (
    <fieldset className="card time-display-settings" data-testid="time-display-settings">
      <legend>Times</legend>
      {CHOICES.map((c) => (
        <label key={c.value} className="radio">
          <input
            type="radio"
            name="time-display"
            value={c.value}
            checked={times === c.value}
            onChange={() => set.mutate(c.value)}
            data-testid={`settings-times-${c.value}`}
          />
          <span>
            <strong>{c.label}</strong> — {c.hint}
          </span>
        </label>
      ))}
      {set.isError && (
        <p className="field-error" role="alert">
          {describeError(toGsError(set.error)).message}
        </p>
      )}
    </fieldset>
  );
}
