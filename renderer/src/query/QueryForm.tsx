import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { MAX_QUERY_LIMIT } from '../../../shared/bridge/contract.js';
import { TimeText } from '../../../shared/time/schema.js';
import { FILTER_OPERATORS } from '../../../shared/schemas/query.js';
import type { DatasetWithTimezone } from '../../../shared/schemas/dataset.js';
import { latestDay } from './cells.js';
import { ColumnPicker } from './ColumnPicker.js';
import { FilterValueField } from './FilterValueField.js';
import { TimezoneField } from './TimezoneField.js';
import type { QueryRequest } from './useQueryRun.js';
import { timeIndexColumns, zoneLabel, zoneParam } from './zones.js';

type Operator = (typeof FILTER_OPERATORS)[number];
type Fields = QueryFormFields;

/** Props of {@link QueryForm}. */
export interface QueryFormProps {
  dataset: DatasetWithTimezone;
  busy: boolean;
  onSubmit: (request: QueryRequest) => void;
  /**
   * Where the form keeps its fields per dataset id while the app runs, so leaving the query page
   * (to the dataset page, Settings…) and coming back finds the query as it was. Optional: without
   * it the form starts from the defaults each time.
   */
  memory?: QueryFormMemory;
}

/** The form's fields per dataset id (see {@link QueryFormProps.memory}); held by the app shell. */
export type QueryFormMemory = Map<string, QueryFormFields>;

/** The form's fields as typed. */
export interface QueryFormFields {
  start: string;
  end: string;
  column: string;
  operator: Operator;
  value: string;
  limit: string;
  order: 'asc' | 'desc';
  zoneChoice: string;
  zoneTyped: string;
  /** Checked columns (time index columns are always part of the result). */
  columns: ReadonlySet<string>;
}

/**
 * The `columns` parameter: absent when every column is checked; else the time index columns, then
 * the checked ones in dataset order (the server puts the time index columns first anyway).
 */
function projection(dataset: DatasetWithTimezone, checked: ReadonlySet<string>): string[] | undefined | { problem: string } {
  const fixed = timeIndexColumns(dataset);
  const names = dataset.all_columns.map((c) => c.name).filter((n) => fixed.includes(n) || checked.has(n));
  if (names.length === dataset.all_columns.length) return undefined;
  if (names.length === 0) return { problem: 'Columns: choose at least one.' };
  return names;
}

/** Checks the fields; returns the request or the first problem in words. */
function toRequest(dataset: DatasetWithTimezone, f: Fields): QueryRequest | string {
  for (const [name, v] of [['Start', f.start], ['End', f.end]] as const)
    if (v.trim() && !TimeText.safeParse(v).success) return `${name}: use ISO 8601, e.g. 2024-03-01 or 2024-03-01T05:00:00Z.`;
  const limit = f.limit.trim() ? Number(f.limit) : undefined;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > MAX_QUERY_LIMIT))
    return `Row limit: a whole number from 1 to ${MAX_QUERY_LIMIT.toLocaleString('en-US')}.`;
  if (f.column && !f.value.trim()) return 'Filter: enter a value (a comma list for "in").';
  const timezone = zoneParam(f.zoneChoice, f.zoneTyped);
  if (typeof timezone === 'object') return timezone.problem;
  const columns = projection(dataset, f.columns);
  if (columns && !Array.isArray(columns)) return columns.problem;
  return {
    datasetId: dataset.id,
    ...(f.start.trim() ? { startTime: f.start.trim() } : {}),
    ...(f.end.trim() ? { endTime: f.end.trim() } : {}),
    ...(f.column ? { filter: { column: f.column, operator: f.operator, value: f.value.trim() } } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...(columns ? { columns } : {}),
    order: f.order,
    ...(timezone !== undefined ? { timezone } : {}),
  };
}

/** The fields of a fresh form: the dataset's latest day available (UTC), no filter, every column. */
function defaults(dataset: DatasetWithTimezone): Fields {
  const initial = latestDay(dataset.latest_available_time_utc);
  return {
    start: initial.startTime,
    end: initial.endTime,
    column: '',
    operator: '=',
    value: '',
    limit: '',
    order: 'asc',
    zoneChoice: '',
    zoneTyped: '',
    columns: new Set(dataset.all_columns.map((c) => c.name)),
  };
}

/**
 * Remembered fields checked against the dataset as it is now (another profile may describe it with
 * other columns): columns it no longer has are dropped, a filter on a missing column is cleared.
 * Undefined when nothing was remembered.
 */
function restore(dataset: DatasetWithTimezone, saved: Fields | undefined): Fields | undefined {
  if (!saved) return undefined;
  const names = new Set(dataset.all_columns.map((c) => c.name));
  const filterKept = saved.column === '' || names.has(saved.column);
  return {
    ...saved,
    columns: new Set([...saved.columns].filter((n) => names.has(n))),
    ...(filterKept ? {} : { column: '', operator: '=' as Operator, value: '' }),
  };
}

/**
 * The query explorer's form: start/end (default: the dataset's latest day available, UTC), an
 * optional filter on any column (value suggestions from the column's values), a row limit, the
 * order, the time zone (times without an offset are read in it; results gain `_local` columns) and
 * the columns to return. Submitting estimates first (see useQueryRun).
 */
export function QueryForm({ dataset, busy, onSubmit, memory }: QueryFormProps) {
  const [f, setF] = useState<Fields>(() => restore(dataset, memory?.get(dataset.id)) ?? defaults(dataset));
  /** The fields as last set (ahead of `f` until React renders, when one event sets several). */
  const latest = useRef(f);
  /** Sets the fields and remembers them for this dataset (see {@link QueryFormProps.memory}). */
  const update = (next: Fields) => {
    latest.current = next;
    memory?.set(dataset.id, next);
    setF(next);
  };
  const set = <K extends keyof Fields>(key: K) => (v: Fields[K]) => update({ ...latest.current, [key]: v });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = toRequest(dataset, f);
    if (typeof r === 'string') return setProblem(r);
    setProblem(null);
    onSubmit(r);
  };

  // The zone the start and end are read in (a typed zone only once it is valid).
  const param = zoneParam(f.zoneChoice, f.zoneTyped);
  const zone = typeof param === 'object' ? 'the chosen zone' : zoneLabel(param, dataset);

  return (
    <form className="card query-form" onSubmit={submit} noValidate data-testid="query-form" aria-label="Query">
      <div className="query-fields">
        <label>
          <span>Start ({zone})</span>
          <input type="text" value={f.start} onChange={(e) => set('start')(e.target.value)} placeholder="2024-03-01" data-testid="query-start" />
        </label>
        <label>
          <span>End ({zone}, exclusive)</span>
          <input type="text" value={f.end} onChange={(e) => set('end')(e.target.value)} placeholder="2024-03-02" data-testid="query-end" />
        </label>
        <TimezoneField choice={f.zoneChoice} typed={f.zoneTyped} marketZone={dataset.data_timezone} onChoice={set('zoneChoice')} onTyped={set('zoneTyped')} />
        <label>
          <span>Order</span>
          <select value={f.order} onChange={(e) => set('order')(e.target.value as Fields['order'])} data-testid="query-order">
            <option value="asc">Oldest first</option>
            <option value="desc">Newest first</option>
          </select>
        </label>
        <label>
          <span>Filter column</span>
          <select value={f.column} onChange={(e) => set('column')(e.target.value)} data-testid="filter-column">
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
          <select value={f.operator} onChange={(e) => set('operator')(e.target.value as Operator)} disabled={!f.column} data-testid="filter-operator">
            {FILTER_OPERATORS.map((op) => (
              <option key={op} value={op}>
                {op}
              </option>
            ))}
          </select>
        </label>
        <FilterValueField dataset={dataset} column={f.column} operator={f.operator} value={f.value} onChange={set('value')} />
        <label>
          <span>Row limit</span>
          <input type="number" min={1} max={MAX_QUERY_LIMIT} value={f.limit} onChange={(e) => set('limit')(e.target.value)} placeholder="none" data-testid="query-limit" />
        </label>
      </div>
      <ColumnPicker columns={dataset.all_columns} fixed={timeIndexColumns(dataset)} selected={f.columns} onChange={set('columns')} />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          Run query
        </button>
        <button type="button" onClick={() => (update(defaults(dataset)), setProblem(null))} data-testid="query-reset">
          Reset
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
