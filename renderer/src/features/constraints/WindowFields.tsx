import type { ReactNode } from 'react';
import { FieldProblem, fieldAria } from '../../components/FieldProblem.js';
import type { MarketTime } from '../time/marketTime.js';
import { zoneWord } from '../time/marketTime.js';
import { TimeDisplaySwitch } from '../time/TimeDisplaySwitch.js';
import { useNow } from '../time/useNow.js';
import { MarketDayField } from './MarketDayField.js';
import { readWindow, typedInstant, windowFieldText } from './window.js';
import type { WindowProblems, WindowText } from './window.js';
import { marketDayPresets, samplePresets } from './windowPresets.js';
import type { WindowPreset } from './windowPresets.js';
import './fields.css';

/** Props of {@link WindowFields}: the typed window, its zone, its change handler and the problems shown by each field. */
export interface WindowFieldsProps {
  /** Prefix of the fields' test ids and problem ids: `<prefix>-start`, `<prefix>-end-problem`. */
  idPrefix: string;
  value: WindowText;
  /** The zone the fields are shown and read in (market time or UTC), and the market's clock for the presets. */
  time: MarketTime;
  onChange: (value: WindowText) => void;
  problems: WindowProblems;
  /** A preset applies the window at once (pages whose window is all they ask); without it a preset fills the fields. */
  onPreset?: (window: { start: string; end: string }) => void;
  /** Shown between End and the presets, e.g. the form's Apply button. */
  submit?: ReactNode;
}

function PresetChip({ preset, pressed, onPick }: { preset: WindowPreset; pressed: boolean; onPick: (p: WindowPreset) => void }) {
  return (
    <button
      type="button"
      className="chip"
      title={preset.title}
      aria-pressed={pressed}
      onClick={() => onPick(preset)}
      data-testid={`window-preset-${preset.id}`}
    >
      {preset.label}
    </button>
  );
}

/**
 * The grid pages' one window picker: Start and End (End exclusive) as text fields read by the shared time grammar in
 * the zone shown, each labelled with the zone in force (`Start (EDT)`); the market-day presets, the embedded samples
 * and a chosen market day, the preset matching the fields pressed; and the UTC switch by the fields. A problem shows by
 * its field.
 */
export function WindowFields({ idPrefix, value, time, onChange, problems, onPreset, submit }: WindowFieldsProps) {
  const now = useNow();
  const startId = `${idPrefix}-start-problem`;
  const endId = `${idPrefix}-end-problem`;
  const read = readWindow(value, time);
  const current = 'window' in read ? read.window : null;
  // Only the window goes on: a preset's label and title stay here.
  const pick = ({ start, end }: { start: string; end: string }) =>
    onPreset
      ? onPreset({ start, end })
      : onChange({ start: windowFieldText(start, time.zone), end: windowFieldText(end, time.zone) });
  const chip = (p: WindowPreset) => (
    <PresetChip key={p.id} preset={p} pressed={current?.start === p.start && current.end === p.end} onPick={pick} />
  );
  const field = (which: 'start' | 'end', label: string, placeholder: string, problemId: string) => (
    <label className="choice-field window-field">
      <span>
        {label} ({zoneWord(time, typedInstant(value[which], time.zone))}
        {which === 'end' ? ', exclusive' : ''})
      </span>
      <input
        type="text"
        value={value[which]}
        onChange={(e) => onChange({ ...value, [which]: e.target.value })}
        placeholder={placeholder}
        spellCheck={false}
        data-testid={`${idPrefix}-${which}`}
        {...fieldAria(problemId, problems[which])}
      />
      <FieldProblem id={problemId} text={problems[which]} />
    </label>
  );
  return (
    <div className="window-group">
      {field('start', 'Start', 'e.g. 2024-09-02 00:00', startId)}
      {field('end', 'End', 'e.g. 2024-09-04 00:00', endId)}
      <div className="choice-field">
        <span aria-hidden="true">Times in</span>
        <TimeDisplaySwitch time={time} />
      </div>
      {submit}
      <div className="choice-field window-presets">
        <span aria-hidden="true">Market days</span>
        <span className="preset-row" role="group" aria-label="Window presets, in market days">
          {marketDayPresets(now, time.marketZone).map(chip)}
          {samplePresets(time.marketZone).map(chip)}
          <MarketDayField idPrefix={idPrefix} marketZone={time.marketZone} onDay={pick} />
        </span>
      </div>
    </div>
  );
}
