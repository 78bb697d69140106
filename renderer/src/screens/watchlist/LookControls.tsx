import { useState } from 'react';
import { DAY_CHOICES, SAMPLE_LOOK, yesterday } from './route.js';
import type { LookChoice } from './route.js';

/**
 * The look's window: how many market days, ending which market day (typed `YYYY-MM-DD`, applied on Enter or "Look"),
 * with "Yesterday" and the embedded sample's days as one-click choices.
 */
export function LookControls({ choice, now, onChoice }: { choice: LookChoice; now: number; onChoice: (c: LookChoice) => void }) {
  const [text, setText] = useState(choice.lastDay);
  const [shown, setShown] = useState(choice.lastDay);
  if (shown !== choice.lastDay) {
    setShown(choice.lastDay);
    setText(choice.lastDay);
  }
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) && !Number.isNaN(Date.parse(text.trim()));
  return (
    <form
      className="choice-row watch-controls"
      aria-label="Window of the look"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onChoice({ ...choice, lastDay: text.trim() });
      }}
    >
      <label className="choice-field">
        <span>Market days</span>
        <select
          value={choice.days}
          onChange={(e) => onChoice({ ...choice, days: Number(e.target.value) })}
          data-testid="watch-days"
        >
          {DAY_CHOICES.map((d) => (
            <option key={d} value={d}>
              {d === 1 ? '1 day' : `${d} days`}
            </option>
          ))}
        </select>
      </label>
      <label className="choice-field">
        <span>Ending with market day</span>
        <input
          type="text"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="YYYY-MM-DD"
          data-testid="watch-last-day"
        />
        {!valid && <span className="field-error">A market day, e.g. 2024-09-03.</span>}
      </label>
      <div className="choice-field choice-submit">
        <button type="submit" className="primary" disabled={!valid}>
          Look
        </button>
      </div>
      <div className="choice-field choice-submit watch-presets">
        <button type="button" onClick={() => onChoice({ ...choice, lastDay: yesterday(now) })}>
          Ending yesterday
        </button>
        <button
          type="button"
          onClick={() => onChoice(SAMPLE_LOOK)}
          title="The embedded sample data: PJM market days 2024-09-02 and 2024-09-03"
        >
          Sample: Sep 2–3, 2024
        </button>
      </div>
    </form>
  );
}
