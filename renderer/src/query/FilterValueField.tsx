import type { DatasetWithTimezone } from '../../../shared/schemas/dataset.js';
import { FieldProblem, fieldAria } from '../components/FieldProblem.js';
import { useColumnValues } from './useColumnValues.js';

/** Props of {@link FilterValueField}. */
export interface FilterValueFieldProps {
  dataset: DatasetWithTimezone;
  /** The filter column, '' for none (the field is then disabled). */
  column: string;
  operator: string;
  value: string;
  onChange: (value: string) => void;
  /** The value's problem, shown under the field. */
  problem?: string | undefined;
  /** Id of the problem text, for `aria-describedby`. */
  problemId: string;
}

/**
 * The filter value, with the column's values as suggestions (a `<datalist>` from
 * `datasets:columnValues`; none for timestamp columns). With `in` the suggestions complete the
 * last item of the comma list, keeping the items before it.
 */
export function FilterValueField({ dataset, column, operator, value, onChange, problem, problemId }: FilterValueFieldProps) {
  const meta = dataset.all_columns.find((c) => c.name === column);
  const suggest = meta !== undefined && !meta.is_datetime && !meta.is_date;
  const comma = operator === 'in' ? value.lastIndexOf(',') : -1;
  const prefix = comma >= 0 ? `${value.slice(0, comma + 1)} ` : '';
  const typed = comma >= 0 ? value.slice(comma + 1) : value;
  const values = useColumnValues(dataset.id, suggest ? column : null, typed);
  return (
    <label>
      <span>Value</span>
      <input
        type="text"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={!column}
        list={values.length > 0 ? 'filter-value-suggestions' : undefined}
        autoComplete="off"
        data-testid="filter-value"
        {...fieldAria(problemId, problem)}
      />
      {values.length > 0 && (
        <datalist id="filter-value-suggestions" data-testid="filter-value-suggestions">
          {values.map((v) => (
            <option key={String(v)} value={`${prefix}${String(v)}`} />
          ))}
        </datalist>
      )}
      <FieldProblem id={problemId} text={problem} />
    </label>
  );
}
