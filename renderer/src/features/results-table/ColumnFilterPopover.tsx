import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ColumnFilter, TableColumn, WorkspaceFilterOperator } from '../../../../shared/bridge/contract.js';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { OPERATOR_LABELS, VALUELESS, buildFilter, filterText, operatorsFor } from './filters.js';
import { workspaceKeys } from '../workspace/workspaceQueries.js';
import { zoneTitle } from '../../../../shared/vocabulary/index.js';
import type { ColumnFormat } from './cellFormat.js';

/** Props of {@link ColumnFilterPopover}: `editing` is the filter being changed (else a new one is added), `at` its anchor. */
export interface ColumnFilterPopoverProps {
  pullId: number;
  column: TableColumn;
  /** The column's label and the zone its times are read in (UTC for `*_utc` columns). */
  format: Pick<ColumnFormat, 'label' | 'zone'>;
  editing?: ColumnFilter | undefined;
  at: { top: number; left: number };
  onApply: (filter: ColumnFilter) => void;
  onRemove?: (() => void) | undefined;
  onClose: () => void;
}

const POPOVER_WIDTH = 300;

function hint(column: TableColumn, op: WorkspaceFilterOperator, zone: string): string {
  const list = op === 'in' ? ', separated by commas' : '';
  if (column.type === 'TIMESTAMPTZ') return `A date or date-time in ${zoneTitle(zone)}, e.g. 2024-03-01 05:00${list}.`;
  if (column.type === 'DOUBLE' || column.type === 'BIGINT') return `A number${list}.`;
  if (column.type === 'BOOLEAN') return 'true or false.';
  return op === 'contains' ? 'Any part of the text, in any case.' : `The exact text${list}.`;
}

/**
 * A column's filter: an operator and a value, checked here for the column's type and applied in SQL by main, so any
 * column can be filtered (also those the API cannot). Text columns suggest their values from `workspace:values`.
 */
export function ColumnFilterPopover({
  pullId,
  column,
  format,
  editing,
  at,
  onApply,
  onRemove,
  onClose,
}: ColumnFilterPopoverProps) {
  const api = useBridge();
  const { zone } = format;
  const operators = operatorsFor(column);
  const [op, setOp] = useState<WorkspaceFilterOperator>(editing?.op ?? (column.type === 'VARCHAR' ? 'contains' : '='));
  const [text, setText] = useState(() => (editing ? filterText(editing, column, zone) : ''));
  const [problem, setProblem] = useState<string | null>(null);
  const box = useRef<HTMLFormElement>(null);
  const valueRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const suggestions = useQuery({
    queryKey: workspaceKeys.values(pullId, column.name),
    queryFn: ({ signal }) => callBridge(api, 'workspace:values', { pullId, column: column.name, limit: 100 }, { signal }),
    enabled: column.type === 'VARCHAR',
    staleTime: 60_000,
    retry: false,
  });

  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    (valueRef.current ?? box.current?.querySelector('select'))?.focus();
    const outside = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) close.current();
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = buildFilter(column, op, text, zone);
    if ('problem' in r) setProblem(r.problem);
    else onApply(r.filter);
  };
  const left = Math.max(8, Math.min(at.left, window.innerWidth - POPOVER_WIDTH - 8));

  return (
    <form
      ref={box}
      className="filter-popover"
      style={{ top: at.top, left, width: POPOVER_WIDTH }}
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
      role="dialog"
      aria-label={`Filter ${format.label}`}
      data-testid="filter-popover"
      noValidate
    >
      <p className="filter-popover-title">
        Filter <strong title={column.name}>{format.label}</strong>
      </p>
      <label>
        <span>Condition</span>
        <select
          value={op}
          onChange={(e) => {
            setOp(e.target.value as WorkspaceFilterOperator);
            setProblem(null);
          }}
          data-testid="filter-op"
        >
          {operators.map((o) => (
            <option key={o} value={o}>
              {OPERATOR_LABELS[o]}
            </option>
          ))}
        </select>
      </label>
      {!VALUELESS.has(op) && (
        <label>
          <span>Value</span>
          <input
            ref={valueRef}
            type="text"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setProblem(null);
            }}
            list={column.type === 'VARCHAR' ? `${ids}-values` : undefined}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${ids}-hint`}
            data-testid="filter-value-input"
          />
          {suggestions.data && (
            <datalist id={`${ids}-values`}>
              {suggestions.data.values
                .filter((v) => v.value !== null)
                .map((v) => (
                  <option key={v.value} value={v.value!} />
                ))}
            </datalist>
          )}
          <small id={`${ids}-hint`} className="muted">
            {hint(column, op, zone)}
          </small>
        </label>
      )}
      {problem && (
        <p className="field-error" role="alert" data-testid="filter-problem">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" data-testid="filter-apply">
          {editing ? 'Update filter' : 'Add filter'}
        </button>
        {onRemove && (
          <button type="button" onClick={onRemove}>
            Remove
          </button>
        )}
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
