import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useMarketTime } from '../time/useMarketTime.js';
import { readWindow, rezoneWindowText, windowFieldText } from './window.js';
import type { WindowProblems } from './window.js';
import { WindowFields } from './WindowFields.js';

/** Props of {@link WindowForm}: the applied window (ISO UTC instants, from the address), its market and what Apply does. */
export interface WindowFormProps {
  start: string;
  end: string;
  /** The market whose time the window is shown and typed in (`pjm`); UTC for one not in the table of market zones. */
  market: string | null;
  onApply: (window: { start: string; end: string }) => void;
  /** The form's name, for screen readers and as its visible caption when `caption` is set. */
  label: string;
  /** Show `label` at the start of the fields' row (the constraints page's "Cost window"). */
  caption?: boolean;
  idPrefix: string;
  /** Fields before the window, e.g. a dataset select (it applies on its own). */
  children?: ReactNode;
  className?: string;
  testId?: string;
}

/**
 * A window picker that applies itself: the {@link WindowFields} in the market's time (or UTC), applied with Apply or
 * Enter (not on each keystroke: a half-typed date would refetch) or at once by a preset or a chosen market day. The
 * fields follow the address (Back, a link) and the UTC switch.
 */
export function WindowForm(props: WindowFormProps) {
  const { start, end, market, onApply, label, caption = false, idPrefix, children, className, testId } = props;
  const time = useMarketTime(market);
  const zone = time.zone;
  const applied = `${start}|${end}`;
  const shown = (w: { start: string; end: string }) => ({
    start: windowFieldText(w.start, zone),
    end: windowFieldText(w.end, zone),
  });
  const [draft, setDraft] = useState({ ...shown({ start, end }), from: applied, zone });
  const [problems, setProblems] = useState<WindowProblems>({});
  // The address changed (a preset, Back): show its window.
  if (draft.from !== applied) {
    setDraft({ ...shown({ start, end }), from: applied, zone });
    setProblems({});
  } else if (draft.zone !== zone) {
    // Market time ↔ UTC: what is typed keeps its instants, written in the new zone.
    setDraft({ ...draft, ...rezoneWindowText(draft, draft.zone, zone), zone });
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const read = readWindow(draft, time);
    if ('problems' in read) setProblems(read.problems);
    else onApply(read.window);
  };
  return (
    <form
      className={['window-form', caption ? 'with-caption' : '', className].filter(Boolean).join(' ')}
      onSubmit={submit}
      aria-label={label}
      noValidate
      data-testid={testId}
    >
      <div className="choice-row">
        {caption && (
          <p className="window-caption" aria-hidden="true">
            {label}
          </p>
        )}
        {children}
        <WindowFields
          idPrefix={idPrefix}
          value={draft}
          time={time}
          onChange={(t) => {
            setDraft({ ...draft, ...t });
            setProblems({});
          }}
          problems={problems}
          onPreset={(w) => {
            // Typed text gives way to the preset even when the preset is the window already applied.
            setDraft({ ...shown(w), from: `${w.start}|${w.end}`, zone });
            setProblems({});
            onApply(w);
          }}
          submit={
            <div className="choice-field choice-submit">
              <button type="submit">Apply</button>
            </div>
          }
        />
      </div>
    </form>
  );
}
