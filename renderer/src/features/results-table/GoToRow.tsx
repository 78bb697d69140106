import { useId, useState } from 'react';
import { formatCount } from '../../lib/format.js';
import { parseRowNumber } from './scrollMap.js';

/** Props of {@link GoToRow}: the view's row count and what to do with the row asked for (0-based). */
export interface GoToRowProps {
  rows: number;
  onGo: (index: number) => void;
}

/**
 * "Go to row": a row number of the view as typed (thousands separators welcome, "1,400,000"), Enter or Go puts that
 * row at the table's top (docs/workspace.md#every-row-reachable). A number out of range says which ones exist.
 */
export function GoToRow({ rows, onGo }: GoToRowProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  return (
    <form
      className="go-to-row"
      data-testid="go-to-row"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = parseRowNumber(text, rows);
        if ('error' in parsed) return setError(parsed.error);
        setError(null);
        onGo(parsed.index);
      }}
    >
      <label>
        <span>Go to row</span>
        <input
          type="text"
          inputMode="numeric"
          value={text}
          placeholder={rows > 0 ? `1 – ${formatCount(rows)}` : undefined}
          size={11}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid="go-to-row-input"
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
        />
      </label>
      <button type="submit" disabled={rows === 0 || text.trim() === ''}>
        Go
      </button>
      {error && (
        <span className="go-to-row-error" id={errorId} role="alert" data-testid="go-to-row-error">
          {error}
        </span>
      )}
    </form>
  );
}
