import { FieldProblem, fieldAria } from '../../components/FieldProblem.js';
import './fields.css';
import { useConstraintDatasets } from './constraintDatasets.js';

/** Props of {@link DatasetSelect}; `allLabel` adds a first option (value '') such as "All datasets". */
export interface DatasetSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (datasetId: string) => void;
  /** The refusal shown by the field (e.g. the service's "has no shadow price column"). */
  problem?: string | null | undefined;
  allLabel?: string;
  testId?: string;
}

/**
 * A select of the constraint datasets ({@link useConstraintDatasets}); datasets without shadow prices say so in their
 * label. The current value stays listed even when the list could not be read, so the choice in the address shows.
 */
export function DatasetSelect({ id, label, value, onChange, problem, allLabel, testId }: DatasetSelectProps) {
  const { options, query } = useConstraintDatasets();
  const listed =
    options.some((o) => o.id === value) || value === '' ? options : [...options, { id: value, name: value, priced: null }];
  const problemId = `${id}-problem`;
  return (
    <label className="choice-field">
      <span>{label}</span>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
        {...fieldAria(problemId, problem)}
      >
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {listed.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
            {o.priced === false ? ' (no shadow prices)' : ''}
          </option>
        ))}
      </select>
      {query.isError && (
        <span className="hint">
          Could not list the constraint datasets.{' '}
          <button type="button" className="link-button" onClick={() => void query.refetch()}>
            Retry
          </button>
        </span>
      )}
      <FieldProblem id={problemId} text={problem} />
    </label>
  );
}
