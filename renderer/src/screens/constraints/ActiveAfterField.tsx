import { useState } from 'react';
import { FieldProblem, fieldAria } from '../../components/FieldProblem.js';
import { timeProblem } from '../../components/fieldErrors.js';
import { parseTimeText } from '../../../../shared/time/grammar.js';
import { isoZ } from '../../../../shared/time/market.js';
import { windowFieldText } from '../../features/constraints/window.js';
import { zoneWord } from '../../features/time/marketTime.js';
import type { MarketTime } from '../../features/time/marketTime.js';

/** Props of {@link ActiveAfterField}: the address's value (a day or an instant), the zone shown, and where a new one goes. */
export interface ActiveAfterFieldProps {
  value: string;
  time: MarketTime;
  onChange: (after: string) => void;
}

/**
 * What the address keeps for a typed "active after": a day as typed (`2024-09-02`, read as 00:00 of the zone shown when
 * the list is asked), a time as its UTC instant; blank clears it. @throws TimeGrammarError for text the grammar refuses.
 */
export function afterValue(text: string, zone: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const parsed = parseTimeText(trimmed, { zone });
  return parsed.dateOnly && !parsed.hasOffset ? trimmed : isoZ(parsed.epochMs);
}

/**
 * "Active after": the constraints last seen on or after a day or time, typed with the app's time grammar in the zone
 * shown (market time or UTC), applied on Enter or when the field is left; a text the grammar refuses stays, with why.
 */
export function ActiveAfterField({ value, time, onChange }: ActiveAfterFieldProps) {
  const shown = (v: string) => (v.includes('T') ? windowFieldText(v, time.zone) : v);
  const [text, setText] = useState(() => shown(value));
  const [from, setFrom] = useState({ value, zone: time.zone });
  const [problem, setProblem] = useState<string | null>(null);
  if (from.value !== value || from.zone !== time.zone) {
    // The address (Back, "Clear filters") or the zone changed: show its value.
    setFrom({ value, zone: time.zone });
    setText(shown(value));
    setProblem(null);
  }
  const commit = () => {
    let next: string;
    try {
      next = afterValue(text, time.zone);
    } catch {
      setProblem(timeProblem(text));
      return;
    }
    setProblem(null);
    if (next !== value) onChange(next);
  };
  return (
    <label className="inline-label active-after" title={`Keep those last seen on or after this day or time (${zoneWord(time)})`}>
      <span>Active after ({zoneWord(time)})</span>
      <input
        type="text"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          commit();
        }}
        placeholder="YYYY-MM-DD"
        spellCheck={false}
        data-testid="active-after"
        {...fieldAria('active-after-problem', problem)}
      />
      <FieldProblem id="active-after-problem" text={problem} />
    </label>
  );
}
