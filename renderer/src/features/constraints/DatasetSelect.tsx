import { useState } from 'react';
import { FieldProblem, fieldAria } from '../../components/FieldProblem.js';
import { humanize } from '../../../../shared/vocabulary/columns.js';
import { datasetOptionLabel } from './constraintDatasets.js';
import type { ConstraintDataset } from './constraintDatasets.js';
import { useConstraintDatasets } from './useConstraintDatasets.js';
import './fields.css';

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
  /** Which datasets to offer (e.g. only priced ones of a market); all by default. */
  filter?: (d: ConstraintDataset) => boolean;
  /** Words after an option's label, e.g. " (constraint not seen in it)". */
  note?: (d: ConstraintDataset) => string;
  /** The datasets to offer, from the screen's own constraint list answer: then no list is asked for here. */
  datasets?: readonly ConstraintDataset[];
}

/**
 * A select of the constraint datasets ({@link useConstraintDatasets}), each as "Real-time — <catalogue name>";
 * datasets without shadow prices say so. The current value stays listed even when the list could not be read or the
 * filter leaves it out, so the choice in the address shows. Without `datasets` it lists what another screen's answer
 * names, and asks for the datasets only once the user reaches for the select (focus or press): a screen's first open
 * pays no request for a choice the user may never change (docs/desktop.md#the-request-budget).
 */
export function DatasetSelect(props: DatasetSelectProps) {
  const { id, label, value, onChange, problem, allLabel, testId, filter, note, datasets } = props;
  const [wanted, setWanted] = useState(false);
  const shared = useConstraintDatasets({ mode: datasets ? 'off' : wanted ? 'fetch' : 'cached' });
  const options = datasets ?? shared.options;
  const query = shared.query;
  const offered = filter ? options.filter((o) => filter(o) || o.id === value) : options;
  const listed =
    offered.some((o) => o.id === value) || value === ''
      ? offered
      : [...offered, { id: value, name: humanize(value), market: null, kind: null, priced: null }];
  const problemId = `${id}-problem`;
  return (
    <label className="choice-field dataset-field">
      <span>{label}</span>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onFocus={() => setWanted(true)}
        onPointerDown={() => setWanted(true)}
        data-testid={testId}
        {...fieldAria(problemId, problem)}
      >
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {listed.map((o) => (
          <option key={o.id} value={o.id}>
            {datasetOptionLabel(o)}
            {note?.(o) ?? ''}
          </option>
        ))}
      </select>
      {!datasets && query.isError && (
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
