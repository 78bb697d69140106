import { useState } from 'react';
import type { FormEvent } from 'react';

/** Largest distance (km) the overlap verbs take. */
const MAX_KM = 1000;

/**
 * A distance (km) typed in a form and applied on submit: `distanceKm` is the applied one (what queries ask with),
 * `draft` the text being typed, `ok` whether it is a number from 0 to 1,000, and `apply` the form's submit handler.
 */
export function useDistanceDraft(initialKm: number) {
  const [distanceKm, setDistanceKm] = useState(initialKm);
  const [draft, setDraft] = useState(String(initialKm));
  const typed = Number(draft);
  const ok = draft.trim() !== '' && Number.isFinite(typed) && typed >= 0 && typed <= MAX_KM;
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (ok) setDistanceKm(typed);
  };
  return { distanceKm, draft, setDraft, ok, apply };
}

/** The distance input, Apply and its error, for a form submitting through {@link useDistanceDraft}'s `apply`. */
export function DistanceField({
  distance,
  className,
  testId,
}: {
  distance: ReturnType<typeof useDistanceDraft>;
  className: string;
  testId: string;
}) {
  return (
    <>
      <label className={className}>
        <span>Distance (km)</span>
        <input
          type="number"
          min={0}
          max={MAX_KM}
          step="any"
          value={distance.draft}
          onChange={(e) => distance.setDraft(e.target.value)}
          aria-invalid={distance.ok ? undefined : true}
          data-testid={testId}
        />
      </label>
      <button type="submit" disabled={!distance.ok}>
        Apply
      </button>
      {!distance.ok && <span className="field-error">A distance from 0 to 1,000 km.</span>}
    </>
  );
}
