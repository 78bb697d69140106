import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { readWindow, windowFieldText } from './window.js';
import type { WindowProblems } from './window.js';
import { WindowFields } from './WindowFields.js';

/** Props of {@link WindowForm}: the applied window (ISO UTC instants, from the address) and what Apply does. */
export interface WindowFormProps {
  start: string;
  end: string;
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
 * A window picker that applies itself: the {@link WindowFields}, applied with Apply or Enter (not on each keystroke: a
 * half-typed date would refetch) or at once by a preset. The fields follow the address (Back, a link).
 */
export function WindowForm(props: WindowFormProps) {
  const { start, end, onApply, label, caption = false, idPrefix, children, className, testId } = props;
  const applied = `${start}|${end}`;
  const [draft, setDraft] = useState({ start: windowFieldText(start), end: windowFieldText(end), from: applied });
  const [problems, setProblems] = useState<WindowProblems>({});
  // The address changed (a preset, Back): show its window.
  if (draft.from !== applied) {
    setDraft({ start: windowFieldText(start), end: windowFieldText(end), from: applied });
    setProblems({});
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const read = readWindow(draft);
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
          onChange={(t) => {
            setDraft({ ...draft, ...t });
            setProblems({});
          }}
          problems={problems}
          onPreset={(w) => {
            // Typed text gives way to the preset even when the preset is the window already applied.
            setDraft({ start: windowFieldText(w.start), end: windowFieldText(w.end), from: `${w.start}|${w.end}` });
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
