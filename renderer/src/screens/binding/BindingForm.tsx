import { useState } from 'react';
import type { FormEvent } from 'react';
import { FieldProblem, fieldAria } from '../../components/FieldProblem.js';
import { readBindingFields } from './bindingForm.js';
import type { BindingFields, BindingProblems, BindingRequest } from './bindingForm.js';
import type { BindingRoute } from './route.js';
import { DatasetSelect } from '../../features/constraints/DatasetSelect.js';
import { rezoneWindowText, windowFieldText } from '../../features/constraints/window.js';
import { WindowFields } from '../../features/constraints/WindowFields.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';

/** Props of {@link BindingForm}: the address's choices fill it; `serverProblems` are the service's refusals by field. */
export interface BindingFormProps {
  route: BindingRoute;
  busy: boolean;
  onPull: (request: BindingRequest) => void;
  serverProblems: BindingProblems;
}

const fieldsOf = (route: BindingRoute, zone: string): BindingFields => ({
  datasetId: route.choice.datasetId,
  start: windowFieldText(route.choice.start, zone),
  end: windowFieldText(route.choice.end, zone),
  threshold: route.threshold === null ? '' : String(route.threshold),
  limit: String(route.limit),
});

/**
 * Dataset, window (market time or UTC, the user's choice), shadow-price threshold ($/MWh) and row limit, checked before anything is sent; "Pull binding
 * rows" hands the request to the page. Remount it (key) when the address's choices change, so the fields follow Back.
 */
export function BindingForm({ route, busy, onPull, serverProblems }: BindingFormProps) {
  const time = useMarketTime(route.choice.market);
  const [fields, setFields] = useState(() => fieldsOf(route, time.zone));
  const [zone, setZone] = useState(time.zone);
  if (zone !== time.zone) {
    // Market time ↔ UTC: the typed window keeps its instants, written in the new zone.
    setZone(time.zone);
    setFields({ ...fields, ...rezoneWindowText(fields, zone, time.zone) });
  }
  const [problems, setProblems] = useState<BindingProblems>({});
  // A refusal stays by its field until that field is edited.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const shown = (f: keyof BindingProblems) => problems[f] ?? (edited.has(f) ? undefined : serverProblems[f]);
  const patch = (changes: Partial<BindingFields>) => {
    setFields({ ...fields, ...changes });
    const keys = Object.keys(changes).map((k) => (k === 'datasetId' ? 'dataset' : k));
    setProblems(Object.fromEntries(Object.entries(problems).filter(([k]) => !keys.includes(k))));
    setEdited(new Set([...edited, ...keys]));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const read = readBindingFields(fields, route.choice.market, time);
    if ('problems' in read) setProblems(read.problems);
    else {
      setEdited(new Set());
      onPull(read.request);
    }
  };

  return (
    <form className="card binding-form" onSubmit={submit} aria-label="Binding rows to pull" data-testid="binding-form" noValidate>
      <div className="choice-row">
        <DatasetSelect
          id="binding-dataset"
          label="Constraint dataset"
          value={fields.datasetId}
          onChange={(datasetId) => patch({ datasetId })}
          problem={shown('dataset')}
          testId="binding-dataset"
        />
        <WindowFields
          idPrefix="binding"
          value={{ start: fields.start, end: fields.end }}
          time={time}
          onChange={(w) => patch(w)}
          problems={{ start: shown('start'), end: shown('end') }}
        />
      </div>
      <div className="choice-row">
        <label className="choice-field">
          <span>Shadow-price threshold ($/MWh)</span>
          <input
            type="text"
            inputMode="decimal"
            value={fields.threshold}
            onChange={(e) => patch({ threshold: e.target.value })}
            placeholder="none: every binding row"
            data-testid="binding-threshold"
            {...fieldAria('binding-threshold-problem', shown('threshold'))}
          />
          <span className="hint muted">Keeps rows whose |shadow price| is above it.</span>
          <FieldProblem id="binding-threshold-problem" text={shown('threshold')} />
        </label>
        <label className="choice-field">
          <span>Row limit</span>
          <input
            type="text"
            inputMode="numeric"
            value={fields.limit}
            onChange={(e) => patch({ limit: e.target.value })}
            data-testid="binding-limit"
            {...fieldAria('binding-limit-problem', shown('limit'))}
          />
          <span className="hint muted">At most 100,000 rows per pull.</span>
          <FieldProblem id="binding-limit-problem" text={shown('limit')} />
        </label>
        <div className="choice-field choice-submit">
          <button type="submit" className="primary" disabled={busy} data-testid="binding-pull">
            Pull binding rows
          </button>
        </div>
      </div>
    </form>
  );
}
