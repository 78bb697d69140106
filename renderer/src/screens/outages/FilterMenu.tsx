import type { OutageFacet } from '../../../../shared/bridge/outages.js';
import { formatCount } from '../../lib/format.js';

/** Props of {@link FilterMenu}: its label, the values it offers (with their counts), the chosen ones and a change. */
export interface FilterMenuProps {
  label: string;
  facets: readonly OutageFacet[];
  chosen: readonly string[];
  onChange: (values: string[]) => void;
  /** A value in words (a voltage class's label); as given by default. */
  words?: (value: string) => string;
  testId: string;
}

/**
 * One filter of the Outages screen as a drop-down of checkboxes: "Status (2)" when two are ticked; each value with the
 * number of the window's tickets holding it. A chosen value no ticket holds any more stays listed, so it can be unticked.
 */
export function FilterMenu({ label, facets, chosen, onChange, words = (v) => v, testId }: FilterMenuProps) {
  const listed = [...facets, ...chosen.filter((c) => !facets.some((f) => f.value === c)).map((value) => ({ value, count: 0 }))];
  const toggle = (value: string, on: boolean) => onChange(on ? [...chosen, value] : chosen.filter((c) => c !== value));
  return (
    <details className="outage-filter" data-testid={testId}>
      <summary>
        {label}
        {chosen.length > 0 && <span className="nav-badge">{chosen.length}</span>}
      </summary>
      <fieldset className="outage-filter-list">
        <legend className="visually-hidden">{label}</legend>
        {listed.length === 0 && <p className="muted">No values in this window.</p>}
        {listed.map((f) => (
          <label key={f.value} className="outage-filter-option">
            <input
              type="checkbox"
              checked={chosen.includes(f.value)}
              onChange={(e) => toggle(f.value, e.target.checked)}
              data-value={f.value}
            />
            <span>{words(f.value)}</span>
            <span className="muted num">{formatCount(f.count)}</span>
          </label>
        ))}
      </fieldset>
    </details>
  );
}
