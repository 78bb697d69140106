import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { MAX_QUERY_LIMIT } from '../../../shared/bridge/contract.js';
import { FILTER_OPERATORS } from '../../../shared/schemas/query.js';
import type { DatasetWithTimezone } from '../../../shared/schemas/dataset.js';
import type { FieldError, FormField } from '../components/fieldErrors.js';
import { FieldProblem, fieldAria } from '../components/FieldProblem.js';
import { ColumnPicker } from './ColumnPicker.js';
import { FilterValueField } from './FilterValueField.js';
import { defaultFields, restoreFields, toRequest } from './queryFields.js';
import type { FieldProblems, Operator, QueryFormFields } from './queryFields.js';
import { TimezoneField } from './TimezoneField.js';
import type { QueryRequest } from './useQueryRun.js';
import { timeIndexColumns, zoneLabel, zoneParam } from './zones.js';

export type { QueryFormFields } from './queryFields.js';
type Fields = QueryFormFields;

/**
 * Props of {@link QueryForm}. `memory` keeps the fields per dataset so a query survives leaving the page (else defaults);
 * `serverError` is the last run's refusal of one field, shown by it until that field is edited.
 */
export interface QueryFormProps {
  dataset: DatasetWithTimezone;
  busy: boolean;
  onSubmit: (request: QueryRequest) => void;
  memory?: QueryFormMemory;
  serverError?: FieldError | null;
}

/** The form's fields per dataset id, held by the app shell. */
export type QueryFormMemory = Map<string, QueryFormFields>;

const problemId = (field: FormField) => `query-error-${field}`;

const EDITS: Partial<Record<keyof Fields, FormField>> = {
  start: 'start',
  end: 'end',
  zoneChoice: 'zone',
  zoneTyped: 'zone',
  column: 'filterColumn',
  operator: 'filterOperator',
  value: 'filterValue',
  limit: 'limit',
  columns: 'columns',
};

/** The query explorer's form (docs/desktop.md#the-query-page); checks the fields before submitting a request. */
export function QueryForm({ dataset, busy, onSubmit, memory, serverError = null }: QueryFormProps) {
  const [f, setF] = useState<Fields>(() => restoreFields(dataset, memory?.get(dataset.id)) ?? defaultFields(dataset));
  // Ahead of `f` until React renders, when one event sets several fields.
  const latest = useRef(f);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [refusal, setRefusal] = useState<{ error: FieldError | null; shown: boolean }>({ error: serverError, shown: true });
  if (refusal.error !== serverError) setRefusal({ error: serverError, shown: true });

  const update = (next: Fields) => {
    latest.current = next;
    memory?.set(dataset.id, next);
    setF(next);
  };
  const set =
    <K extends keyof Fields>(key: K) =>
    (v: Fields[K]) => {
      update({ ...latest.current, [key]: v });
      // "End must be after Start" judges both: editing either clears both.
      const edited = EDITS[key];
      const cleared: FormField[] = edited === 'start' || edited === 'end' ? ['start', 'end'] : edited ? [edited] : [];
      if (cleared.some((c) => problems[c]))
        setProblems((p) => Object.fromEntries(Object.entries(p).filter(([k]) => !cleared.includes(k as FormField))));
      if (serverError && cleared.includes(serverError.field)) setRefusal((r) => ({ ...r, shown: false }));
    };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = toRequest(dataset, f);
    if ('problems' in r) return setProblems(r.problems);
    setProblems({});
    onSubmit(r.request);
  };
  const shown: FieldProblems = {
    ...(refusal.shown && serverError ? { [serverError.field]: serverError.text } : {}),
    ...problems,
  };
  const aria = (field: FormField) => fieldAria(problemId(field), shown[field]);
  const problem = (field: FormField) => <FieldProblem id={problemId(field)} text={shown[field]} />;

  const param = zoneParam(f.zoneChoice, f.zoneTyped);
  const zone = typeof param === 'object' ? 'the chosen zone' : zoneLabel(param, dataset);

  return (
    <form className="card query-form" onSubmit={submit} noValidate data-testid="query-form" aria-label="Query">
      <div className="query-fields">
        <label>
          <span>Start ({zone})</span>
          <input
            type="text"
            value={f.start}
            onChange={(e) => set('start')(e.target.value)}
            placeholder="2024-03-01"
            data-testid="query-start"
            {...aria('start')}
          />
          {problem('start')}
        </label>
        <label>
          <span>End ({zone}, exclusive)</span>
          <input
            type="text"
            value={f.end}
            onChange={(e) => set('end')(e.target.value)}
            placeholder="2024-03-02"
            data-testid="query-end"
            {...aria('end')}
          />
          {problem('end')}
        </label>
        <TimezoneField
          choice={f.zoneChoice}
          typed={f.zoneTyped}
          marketZone={dataset.data_timezone}
          onChoice={set('zoneChoice')}
          onTyped={set('zoneTyped')}
          problem={shown.zone}
          problemId={problemId('zone')}
        />
        <label>
          <span>Order</span>
          <select value={f.order} onChange={(e) => set('order')(e.target.value as Fields['order'])} data-testid="query-order">
            <option value="asc">Oldest first</option>
            <option value="desc">Newest first</option>
          </select>
        </label>
        <label>
          <span>Filter column</span>
          <select
            value={f.column}
            onChange={(e) => set('column')(e.target.value)}
            data-testid="filter-column"
            {...aria('filterColumn')}
          >
            <option value="">(no filter)</option>
            {dataset.all_columns.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
          {problem('filterColumn')}
        </label>
        <label>
          <span>Operator</span>
          <select
            value={f.operator}
            onChange={(e) => set('operator')(e.target.value as Operator)}
            disabled={!f.column}
            data-testid="filter-operator"
            {...aria('filterOperator')}
          >
            {FILTER_OPERATORS.map((op) => (
              <option key={op} value={op}>
                {op}
              </option>
            ))}
          </select>
          {problem('filterOperator')}
        </label>
        <FilterValueField
          dataset={dataset}
          column={f.column}
          operator={f.operator}
          value={f.value}
          onChange={set('value')}
          problem={shown.filterValue}
          problemId={problemId('filterValue')}
        />
        <label>
          <span>Row limit</span>
          <input
            type="number"
            min={1}
            max={MAX_QUERY_LIMIT}
            value={f.limit}
            onChange={(e) => set('limit')(e.target.value)}
            placeholder="none"
            data-testid="query-limit"
            {...aria('limit')}
          />
          {problem('limit')}
        </label>
      </div>
      <ColumnPicker
        columns={dataset.all_columns}
        fixed={timeIndexColumns(dataset)}
        selected={f.columns}
        onChange={set('columns')}
      />
      {problem('columns')}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          Run query
        </button>
        <button
          type="button"
          onClick={() => {
            update(defaultFields(dataset));
            setProblems({});
            setRefusal((r) => ({ ...r, shown: false }));
          }}
          data-testid="query-reset"
        >
          Reset
        </button>
      </div>
    </form>
  );
}
