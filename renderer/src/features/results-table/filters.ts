import type { ColumnFilter, TableColumn, WorkspaceFilterOperator } from '../../../../shared/bridge/contract.js';
import { WORKSPACE_FILTER_OPERATORS } from '../../../../shared/bridge/contract.js';
import { TimeGrammarError, parseTimeText } from '../../../../shared/time/grammar.js';
import { copyTime, formatUtcTime, formatZonedTime, parseInstant } from '../../../../shared/vocabulary/index.js';
import type { ColumnFormat } from './cellFormat.js';

/** The results-table filter operators in words, for the operator menu. */
export const OPERATOR_LABELS: Record<WorkspaceFilterOperator, string> = {
  '=': 'equals',
  '!=': 'does not equal',
  '>': 'greater than',
  '>=': 'at least',
  '<': 'less than',
  '<=': 'at most',
  in: 'is one of',
  contains: 'contains',
  'is null': 'is empty',
  'not null': 'is not empty',
};

/** Operators that take no value. */
export const VALUELESS: ReadonlySet<WorkspaceFilterOperator> = new Set(['is null', 'not null']);

/** The operators offered for a column: order comparisons only where values have an order people mean (numbers, times). */
export function operatorsFor(column: TableColumn): WorkspaceFilterOperator[] {
  const ordered = column.type !== 'VARCHAR' && column.type !== 'BOOLEAN';
  return WORKSPACE_FILTER_OPERATORS.filter((op) => ordered || !['>', '>=', '<', '<='].includes(op));
}

type Scalar = string | number | boolean;

function scalar(column: TableColumn, text: string, zone: string): { value: Scalar } | { problem: string } {
  switch (column.type) {
    case 'DOUBLE':
    case 'BIGINT': {
      const n = Number(text.replace(/(\d),(?=\d{3}\b)/g, '$1'));
      if (!text || !Number.isFinite(n)) return { problem: `"${text}" is not a number.` };
      if (column.type === 'BIGINT' && !Number.isInteger(n)) return { problem: `"${text}" is not a whole number.` };
      return { value: n };
    }
    case 'BOOLEAN':
      if (/^(true|false)$/i.test(text)) return { value: text.toLowerCase() === 'true' };
      return { problem: 'Write true or false.' };
    case 'TIMESTAMPTZ':
      try {
        return { value: new Date(parseTimeText(text, { zone }).epochMs).toISOString() };
      } catch (error) {
        return { problem: error instanceof TimeGrammarError ? error.message : `"${text}" is not a date-time.` };
      }
    default:
      return { value: text };
  }
}

/**
 * The filter for `column` from what the popover holds: numbers as numbers (a single value may have thousands separators),
 * `true`/`false`, times read in `zone` (the table's zone) and sent as UTC; `in` takes a comma list of 1–1,000 values.
 */
export function buildFilter(
  column: TableColumn,
  op: WorkspaceFilterOperator,
  text: string,
  zone: string,
): { filter: ColumnFilter } | { problem: string } {
  if (VALUELESS.has(op)) return { filter: { column: column.name, op } };
  const typed = text.trim();
  if (op === 'contains')
    return typed ? { filter: { column: column.name, op, value: typed } } : { problem: 'Enter the text to look for.' };
  if (op === 'in') {
    const items = typed
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (items.length === 0) return { problem: 'Enter one or more values, separated by commas.' };
    if (items.length > 1000) return { problem: 'At most 1,000 values.' };
    const values: Scalar[] = [];
    for (const item of items) {
      const r = scalar(column, item, zone);
      if ('problem' in r) return r;
      values.push(r.value);
    }
    return { filter: { column: column.name, op, value: values } };
  }
  if (!typed) return { problem: 'Enter a value.' };
  const r = scalar(column, typed, zone);
  return 'problem' in r ? r : { filter: { column: column.name, op, value: r.value } };
}

const SYMBOLS: Partial<Record<WorkspaceFilterOperator, string>> = {
  '=': '=',
  '!=': '≠',
  '>': '>',
  '>=': '≥',
  '<': '<',
  '<=': '≤',
};

const isTime = (column: TableColumn | undefined, v: unknown): v is string =>
  column?.type === 'TIMESTAMPTZ' && typeof v === 'string' && Number.isFinite(parseInstant(v));

function shown(column: TableColumn | undefined, format: ColumnFormat | undefined, v: unknown): string {
  if (isTime(column, v)) {
    const zone = format?.zone ?? 'UTC';
    return zone === 'UTC' ? formatUtcTime(parseInstant(v)) : formatZonedTime(parseInstant(v), zone);
  }
  if (typeof v === 'number' && format) return format.text(v);
  return typeof v === 'string' && column?.type === 'VARCHAR' ? `"${v}"` : String(v);
}

/**
 * A filter as a chip says it, in the column's words and formats: `Shadow price ($/MWh) > 10.00`,
 * `Zone is one of "A", "B"`, `Limit is empty`; the raw name when the column is not in the pull.
 */
export function describeFilter(f: ColumnFilter, column: TableColumn | undefined, format: ColumnFormat | undefined): string {
  const symbol = SYMBOLS[f.op];
  const op = symbol ?? OPERATOR_LABELS[f.op];
  const name = format?.label ?? f.column;
  if (VALUELESS.has(f.op)) return `${name} ${op}`;
  const values = Array.isArray(f.value) ? f.value : [f.value];
  return `${name} ${op} ${values.map((v) => shown(column, format, v)).join(', ')}`;
}

/** The text the popover's value field starts with when a filter is edited again (times as wall time in `zone`). */
export function filterText(f: ColumnFilter, column: TableColumn | undefined, zone: string): string {
  if (f.value === undefined || f.value === null) return '';
  const values = Array.isArray(f.value) ? f.value : [f.value];
  return values.map((v) => (isTime(column, v) ? copyTime(parseInstant(v), zone).replace(/:00$/, '') : String(v))).join(', ');
}
