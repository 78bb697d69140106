import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { PullQuery } from '../../../../shared/bridge/workspace.js';
import { FILTER_OPERATORS } from '../../../../shared/schemas/query.js';
import type { DatasetWithTimezone } from '../../../../shared/schemas/dataset.js';
import type { FieldError, FormField } from '../../components/fieldErrors.js';
import { FieldProblem, fieldAria } from '../../components/FieldProblem.js';
import { ColumnPicker } from './ColumnPicker.js';
import { FilterValueField } from './FilterValueField.js';
import type { FieldKit } from './form/kit.js';
import { ResampleFields } from './form/ResampleFields.js';
import { TimeWindowFields } from './form/TimeWindowFields.js';
import { VintageFields } from './form/VintageFields.js';
import { MAX_PULL_ROWS, defaultFields, restoreFields, toPullQuery } from './queryFields.js';
import type { FieldProblems, Operator, QueryFormFields } from './queryFields.js';
import { timeIndexColumns, zoneLabel, zoneParam } from '../../features/workspace/zones.js';
import './form/form.css';
import { labelWithUnit, termOf } from '../../../../shared/vocabulary/index.js';

export type { QueryFormFields } from './queryFields.js';
type Fields = QueryFormFields;

/**
 * Props of {@link QueryForm}. `onRun` gets the checked query of a pull; `memory` keeps the fields per dataset so a query
 * survives leaving the page (else defaults); `serverError` is the last run's refusal of one field, shown by it until
 * that field is edited.
 */
export interface QueryFormProps {
  dataset: DatasetWithTimezone;
  busy: boolean;
  onRun: (query: PullQuery) => void;
  memory?: QueryFormMemory;
  serverError?: FieldError | null;
  /** Fields to start from, ahead of `memory`: a query from the address, History or a saved query. */
  initial?: QueryFormFields;
  /** Told the checked query whenever the fields change (null while they have a problem), for the estimate before Run. */
  onDraft?: (query: PullQuery | null) => void;
  /** Shown just above Run: the estimate of the fields as they are. */
  beforeRun?: ReactNode;
}

/** The form's fields per dataset id, held by the app shell. */
export type QueryFormMemory = Map<string, QueryFormFields>;

const problemId = (field: FormField) => `query-error-${field}`;

// The problems an edit of a field clears; a pair judged together ("End must be after Start") is cleared together.
const EDITS: Partial<Record<keyof Fields, FormField[]>> = {
  start: ['start', 'end'],
  end: ['start', 'end'],
  zoneChoice: ['zone'],
  zoneTyped: ['zone'],
  column: ['filterColumn', 'filterValue'],
  operator: ['filterOperator'],
  value: ['filterValue'],
  limit: ['limit'],
  columns: ['columns'],
  resampleChoice: ['resampleFrequency', 'resampleBy'],
  resampleTyped: ['resampleFrequency'],
  resampleBy: ['resampleBy'],
  resampleFunction: ['resampleFunction'],
  vintage: ['publishTime'],
  vintageOffset: ['publishTime'],
  vintageAt: ['publishTime'],
  publishedFrom: ['publishTimeStart', 'publishTimeEnd'],
  publishedBefore: ['publishTimeStart', 'publishTimeEnd'],
};

/**
 * The query builder (docs/desktop.md#the-query-page): time window, filter, resampling, forecast vintages, order, row
 * limit and columns. Checks the fields before anything is sent, then hands the pull's query to `onRun`.
 */
export function QueryForm({ dataset, busy, onRun, memory, serverError = null, initial, onDraft, beforeRun }: QueryFormProps) {
  const [f, setF] = useState<Fields>(() => initial ?? restoreFields(dataset, memory?.get(dataset.id)) ?? defaultFields(dataset));
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
  const patch = (changes: Partial<Fields>) => {
    update({ ...latest.current, ...changes });
    const cleared = new Set(Object.keys(changes).flatMap((k) => EDITS[k as keyof Fields] ?? []));
    if ([...cleared].some((c) => problems[c]))
      setProblems((p) => Object.fromEntries(Object.entries(p).filter(([k]) => !cleared.has(k as FormField))));
    if (serverError && cleared.has(serverError.field)) setRefusal((r) => ({ ...r, shown: false }));
  };

  const draft = useMemo(() => {
    const r = toPullQuery(dataset, f);
    return 'query' in r ? r.query : null;
  }, [dataset, f]);
  useEffect(() => onDraft?.(draft), [draft, onDraft]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = toPullQuery(dataset, f);
    if ('problems' in r) return setProblems(r.problems);
    setProblems({});
    onRun(r.query);
  };
  const shown: FieldProblems = {
    ...(refusal.shown && serverError ? { [serverError.field]: serverError.text } : {}),
    ...problems,
  };
  const aria = (field: FormField) => fieldAria(problemId(field), shown[field]);
  const problem = (field: FormField) => <FieldProblem id={problemId(field)} text={shown[field]} />;
  const param = zoneParam(f.zoneChoice, f.zoneTyped);
  const zoneName = typeof param === 'object' ? 'the chosen zone' : zoneLabel(param, dataset);
  const kit: FieldKit = { f, patch, aria, problem, problemText: (field) => shown[field], problemId, zoneName };

  return (
    <form className="card query-form" onSubmit={submit} noValidate data-testid="query-form" aria-label="Query">
      <TimeWindowFields dataset={dataset} kit={kit} />
      <fieldset className="query-group" data-testid="query-filter">
        <legend>Filter and rows</legend>
        <div className="query-fields">
          <label>
            <span>Filter column</span>
            <select
              value={f.column}
              onChange={(e) => patch({ column: e.target.value })}
              data-testid="filter-column"
              {...aria('filterColumn')}
            >
              <option value="">(no filter)</option>
              {dataset.all_columns.map((c) => (
                <option key={c.name} value={c.name} title={c.name}>
                  {labelWithUnit(termOf(c.name, c.type))}
                </option>
              ))}
            </select>
            {problem('filterColumn')}
          </label>
          <label>
            <span>Operator</span>
            <select
              value={f.operator}
              onChange={(e) => patch({ operator: e.target.value as Operator })}
              disabled={!f.column}
              data-testid="filter-operator"
              {...aria('filterOperator')}
            >
              {FILTER_OPERATORS.map((op) => (
                <option key={op} value={op}>
                  {op === 'in' ? 'in (any of a list)' : op}
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
            onChange={(value) => patch({ value })}
            problem={shown.filterValue}
            problemId={problemId('filterValue')}
          />
          <label>
            <span>Order</span>
            <select
              value={f.order}
              onChange={(e) => patch({ order: e.target.value as Fields['order'] })}
              data-testid="query-order"
            >
              <option value="asc">Oldest first</option>
              <option value="desc">Newest first</option>
            </select>
          </label>
          <label>
            <span>Row limit</span>
            <input
              type="number"
              min={1}
              max={MAX_PULL_ROWS}
              value={f.limit}
              onChange={(e) => patch({ limit: e.target.value })}
              placeholder="no limit"
              data-testid="query-limit"
              {...aria('limit')}
            />
            {problem('limit')}
          </label>
        </div>
      </fieldset>
      <ResampleFields dataset={dataset} kit={kit} />
      <VintageFields dataset={dataset} kit={kit} />
      <ColumnPicker
        columns={dataset.all_columns}
        fixed={timeIndexColumns(dataset)}
        selected={f.columns}
        onChange={(columns) => patch({ columns })}
      />
      {problem('columns')}
      {beforeRun}
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
