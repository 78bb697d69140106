import { useState } from 'react';
import { FieldProblem, fieldAria } from '../../components/FieldProblem.js';
import { readMarketDay } from './windowPresets.js';

/** Props of {@link MarketDayField}: where its problem id goes, the market's zone and what a read day does. */
export interface MarketDayFieldProps {
  idPrefix: string;
  marketZone: string;
  onDay: (window: { start: string; end: string }) => void;
}

/**
 * "A chosen market day": a `YYYY-MM-DD` text field (one date format everywhere, no browser date picker) and its button;
 * Enter or "Show day" turns the day into its window, 00:00 to 00:00 market time (25 hours on the fall-back day). Enter
 * never submits the form around it.
 */
export function MarketDayField({ idPrefix, marketZone, onDay }: MarketDayFieldProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = `${idPrefix}-day-problem`;
  const apply = () => {
    const read = readMarketDay(text, marketZone);
    if ('problem' in read) setProblem(read.problem);
    else {
      setProblem(null);
      onDay(read.window);
    }
  };
  return (
    <span className="market-day">
      <input
        type="text"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          apply();
        }}
        placeholder="YYYY-MM-DD"
        aria-label="Market day (YYYY-MM-DD)"
        spellCheck={false}
        inputMode="numeric"
        data-testid={`${idPrefix}-day`}
        {...fieldAria(problemId, problem)}
      />
      <button type="button" onClick={apply} data-testid={`${idPrefix}-day-show`}>
        Show day
      </button>
      <FieldProblem id={problemId} text={problem} />
    </span>
  );
}
