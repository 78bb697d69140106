import type { DatasetWithTimezone } from '../../../../shared/schemas/dataset.js';
import { FieldProblem, fieldAria } from '../../components/FieldProblem.js';
import { useColumnValues } from './useColumnValues.js';

/** Props of {@link FilterValueField}; `column` '' disables the field; `problemId` is for `aria-describedby`. */
export interface FilterValueFieldProps {
  dataset: DatasetWithTimezone;
  column: string;
  operator: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string | undefined;
  problemId: string;
}

/** The filter value with the column's values as suggestions (none for timestamps); with `in` they complete the last item. */
export function FilterValueField({ dataset, column, operator, value, onChange, problem, problemId }: FilterValueFieldProps) {
  const meta = dataset.all_columns.find((c) => c.name === column);
  const suggest = meta !== undefined && !meta.is_datetime && !meta.is_date;
  const comma = operator === 'in' ? value.lastIndexOf(',') : -1;
  const prefix = comma >= 0 ? `${value.slice(0, comma + 1)} ` : '';
  const typed = comma >= 0 ? value.slice(comma + 1) : value;
  const values = useColumnValues(dataset.id, suggest ? column : null, typed);
  const examples = meta?.is_datetime || meta?.is_date ? ['2024-03-10 05:00'] : values.slice(0, operator === 'in' ? 2 : 1);
  const placeholder = !column || examples.length === 0 ? undefined : `e.g. ${examples.map(String).join(', ')}`;
  return (
    <label>
      <span>Value</span>
      <input
        type="text"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={!column}
        placeholder={placeholder}
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
