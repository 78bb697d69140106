import { useState } from 'react';
import type { FormEvent } from 'react';
import { ESTIMATE_FILTER_OPERATORS, EstimateTime, MAX_QUERY_LIMIT } from '../../../shared/bridge/contract.js';
import type { DatasetWithTimezone } from '../../../shared/schemas/dataset.js';
import { latestDay } from './cells.js';
import type { QueryRequest } from './useQueryRun.js';

type Operator = (typeof ESTIMATE_FILTER_OPERATORS)[number];

/** Props of {@link QueryForm}. */
export interface QueryFormProps {
  dataset: DatasetWithTimezone;
  busy: boolean;
  onSubmit: (request: QueryRequest) => void;
}

/** Checks the fields; returns the request or the first problem in words. */
function toRequest(f: { start: string; end: string; column: string; operator: Operator; value: string; limit: string }): QueryRequest | string {
  for (const [name, v] of [['Start', f.start], ['End', f.end]] as const)
    if (v.trim() && !EstimateTime.safeParse(v).success) return `${name}: use ISO 8601, e.g. 2024-03-01 or 2024-03-01T05:00:00Z.`;
  const limit = f.limit.trim() ? Number(f.limit) : undefined;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > MAX_QUERY_LIMIT))
    return `Row limit: a whole number from 1 to ${MAX_QUERY_LIMIT.toLocaleString('en-US')}.`;
  if (f.column && !f.value.trim()) return 'Filter: enter a value (a comma list for "in").';
  return {
    datasetId: '',
    ...(f.start.trim() ? { startTime: f.start.trim() } : {}),
    ...(f.end.trim() ? { endTime: f.end.trim() } : {}),
    ...(f.column ? { filter: { column: f.column, operator: f.operator, value: f.value.trim() } } : {}),
    ...(limit !== undefined ? { limit } : {}),
  };
}

/**
 * The query explorer's form: start/end (default: the dataset's latest day available, UTC), an
 * optional filter on any column, and a row limit. Submitting estimates first (see useQueryRun).
 */
export function QueryForm({ dataset, busy, onSubmit }: QueryFormProps) {
  const initial = latestDay(dataset.latest_available_time_utc);
  const [start, setStart] = useState(initial.startTime);
  const [end, setEnd] = useState(initial.endTime);
  const [column, setColumn] = useState('');
  const [operator, setOperator] = useState<Operator>('=');
  const [value, setValue] = useState('');
  const [limit, setLimit] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = toRequest({ start, end, column, operator, value, limit });
    if (typeof r === 'string') return setProblem(r);
    setProblem(null);
    const { datasetId: _unused, ...rest } = r;
    onSubmit({ ...rest, datasetId: dataset.id });
  };

  return (
    <form className="card query-form" onSubmit={submit} noValidate data-testid="query-form" aria-label="Query">
      <div className="query-fields">
        <label>
          <span>Start (UTC)</span>
          <input type="text" value={start} onChange={(e) => setStart(e.target.value)} placeholder="2024-03-01" data-testid="query-start" />
        </label>
        <label>
          <span>End (UTC, exclusive)</span>
          <input type="text" value={end} onChange={(e) => setEnd(e.target.value)} placeholder="2024-03-02" data-testid="query-end" />
        </label>
        <label>
          <span>Filter column</span>
          <select value={column} onChange={(e) => setColumn(e.target.value)} data-testid="filter-column">
            <option value="">(no filter)</option>
            {dataset.all_columns.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Operator</span>
          <select value={operator} onChange={(e) => setOperator(e.target.value as Operator)} disabled={!column} data-testid="filter-operator">
            {ESTIMATE_FILTER_OPERATORS.map((op) => (
              <option key={op} value={op}>
                {op}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Value</span>
          <input type="text" value={value} onChange={(e) => setValue(e.target.value)} disabled={!column} data-testid="filter-value" />
        </label>
        <label>
          <span>Row limit</span>
          <input type="number" min={1} max={MAX_QUERY_LIMIT} value={limit} onChange={(e) => setLimit(e.target.value)} placeholder="none" data-testid="query-limit" />
        </label>
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          Run query
        </button>
      </div>
      {problem && (
        <p className="field-error" role="alert" data-testid="query-form-error">
          {problem}
        </p>
      )}
    </form>
  );
}
