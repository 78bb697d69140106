import { useState } from 'react';
import type { FormEvent } from 'react';
import { DatasetSelect } from '../binding/DatasetSelect.js';
import { WindowFields } from '../binding/WindowFields.js';
import { readWindow, windowFieldText } from '../binding/window.js';
import type { WindowProblems } from '../binding/window.js';
import type { GridChoice } from '../gridRoute.js';

/** Props of {@link ChoiceForm}: the choice in the address, what Apply does, and the service's refusal of the dataset. */
export interface ChoiceFormProps {
  choice: GridChoice;
  onApply: (choice: GridChoice) => void;
  datasetProblem: string | null;
}

/**
 * The location page's constraint dataset and window (UTC). The dataset applies at once; the window on "Apply", after
 * it reads (End after Start). Remount it (key) when the address changes so the fields follow Back.
 */
export function ChoiceForm({ choice, onApply, datasetProblem }: ChoiceFormProps) {
  const [text, setText] = useState({ start: windowFieldText(choice.start), end: windowFieldText(choice.end) });
  const [problems, setProblems] = useState<WindowProblems>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const read = readWindow(text);
    if ('problems' in read) setProblems(read.problems);
    else onApply({ ...choice, ...read.window });
  };
  return (
    <form className="choice-row card" onSubmit={submit} aria-label="Dataset and window" data-testid="location-choice" noValidate>
      <DatasetSelect
        id="location-dataset"
        label="Constraint dataset"
        value={choice.datasetId}
        onChange={(datasetId) => onApply({ ...choice, datasetId })}
        problem={datasetProblem}
        testId="location-dataset"
      />
      <WindowFields
        idPrefix="location-window"
        value={text}
        onChange={(t) => {
          setText(t);
          setProblems({});
        }}
        problems={problems}
      />
      <div className="choice-field choice-submit">
        <button type="submit" className="primary">
          Apply
        </button>
      </div>
    </form>
  );
}
