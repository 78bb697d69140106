import { useMemo } from 'react';
import { FieldProblem, fieldAria } from '../components/FieldProblem.js';
import { COMMON_ZONES, OTHER_ZONE, allZones } from './zones.js';

/** Props of {@link TimezoneField}. */
export interface TimezoneFieldProps {
  /** '' (UTC), `market`, one of {@link COMMON_ZONES}, or {@link OTHER_ZONE}. */
  choice: string;
  /** The typed zone while `choice` is {@link OTHER_ZONE}. */
  typed: string;
  /** The dataset's `data_timezone`, shown with "Market time". */
  marketZone: string;
  onChoice: (choice: string) => void;
  onTyped: (zone: string) => void;
  /** The zone's problem, shown under the typed zone (or the select when none is typed). */
  problem?: string | undefined;
  /** Id of the problem text, for `aria-describedby`. */
  problemId: string;
}

/**
 * The query's time zone: a select of UTC, market time and common zones, and for "Other…" a text
 * field suggesting every IANA zone Intl knows (checked on submit, see `zoneParam`).
 */
export function TimezoneField({ choice, typed, marketZone, onChoice, onTyped, problem, problemId }: TimezoneFieldProps) {
  const zones = useMemo(() => (choice === OTHER_ZONE ? allZones() : []), [choice]);
  const other = choice === OTHER_ZONE;
  return (
    <>
      <label>
        <span>Time zone</span>
        <select value={choice} onChange={(e) => onChoice(e.target.value)} data-testid="query-timezone" {...fieldAria(problemId, other ? null : problem)}>
          <option value="">UTC</option>
          <option value="market">Market time ({marketZone})</option>
          {COMMON_ZONES.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
          <option value={OTHER_ZONE}>Other…</option>
        </select>
        {!other && <FieldProblem id={problemId} text={problem} />}
      </label>
      {other && (
        <label>
          <span>IANA zone</span>
          <input
            type="text"
            value={typed}
            onChange={(e) => onTyped(e.target.value)}
            list="query-timezone-options"
            placeholder="Europe/Berlin"
            autoComplete="off"
            spellCheck={false}
            data-testid="query-timezone-other"
            {...fieldAria(problemId, problem)}
          />
          <datalist id="query-timezone-options">
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
          <FieldProblem id={problemId} text={problem} />
        </label>
      )}
    </>
  );
}
