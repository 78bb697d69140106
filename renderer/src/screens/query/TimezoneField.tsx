import { useMemo } from 'react';
import { FieldProblem, fieldAria } from '../../components/FieldProblem.js';
import { COMMON_ZONES, OTHER_ZONE, allZones } from '../../features/workspace/zones.js';

/** Props of {@link TimezoneField}; `choice` is '' (UTC), `market`, a {@link COMMON_ZONES} zone or {@link OTHER_ZONE} (then `typed`). */
export interface TimezoneFieldProps {
  choice: string;
  typed: string;
  marketZone: string;
  onChoice: (choice: string) => void;
  onTyped: (zone: string) => void;
  problem?: string | undefined;
  problemId: string;
}

/** The query's time zone: UTC, market time, common zones, or "Other…" typed with every IANA zone Intl knows suggested. */
export function TimezoneField({ choice, typed, marketZone, onChoice, onTyped, problem, problemId }: TimezoneFieldProps) {
  const zones = useMemo(() => (choice === OTHER_ZONE ? allZones() : []), [choice]);
  const other = choice === OTHER_ZONE;
  return (
    <>
      <label>
        <span>Time zone</span>
        <select
          value={choice}
          onChange={(e) => onChoice(e.target.value)}
          data-testid="query-timezone"
          {...fieldAria(problemId, other ? null : problem)}
        >
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
            placeholder="e.g. Europe/Berlin"
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
