import { useMemo } from 'react';
import { facilityMatch } from '../../../../shared/reference/facilityMatch.js';
import type { FacilityMatch } from '../../../../shared/reference/facilityMatch.js';
import type { Constraint } from '../../../../shared/schemas/constraints.js';
import { formatSource } from '../../lib/format.js';
import { hrefs } from '../../lib/router.js';
import type { ConstraintDataset } from '../../features/constraints/constraintDatasets.js';
import { gridSearch } from '../../features/constraints/gridChoice.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { DataTable } from '../../features/constraints/table/DataTable.js';
import type { DataColumn } from '../../features/constraints/table/dataColumn.js';
import { datasetWords } from '../../features/constraints/table/dataColumn.js';

const MATCH_WORDS: Record<FacilityMatch, string> = {
  same_name: 'Same name (case, spacing and punctuation aside)',
  same_stations: 'Same stations and voltage',
};

interface Linked {
  constraint: Constraint;
  match: FacilityMatch;
}

/** The other records of the constraint's market that name the same facility (docs/constraints.md). */
export function sameFacility(self: Constraint, all: readonly Constraint[]): Linked[] {
  return all.flatMap((c) => {
    if (c.gs_entity_id === self.gs_entity_id || c.market_id !== self.market_id) return [];
    const match = facilityMatch(self.constraint_name, c.constraint_name);
    return match ? [{ constraint: c, match }] : [];
  });
}

function columns(choice: GridChoice, datasets: readonly ConstraintDataset[]): DataColumn<Linked>[] {
  // A linked record opens over the same window, in the first dataset it was seen in (real-time first).
  const searchOf = (c: Constraint) => {
    const first = datasets.find((d) => c.available_datasets?.includes(d.id));
    return gridSearch({ ...choice, datasetId: first?.id ?? choice.datasetId });
  };
  const seen = (l: Linked) => datasetWords(l.constraint.available_datasets, datasets).join(', ');
  return [
    {
      id: 'name',
      label: 'Constraint',
      name: 'constraint_name',
      value: (l) => l.constraint.constraint_name,
      cell: (l) => (
        <a href={hrefs.constraint(l.constraint.gs_entity_id, searchOf(l.constraint))} data-testid="same-facility-link">
          {l.constraint.constraint_name}
        </a>
      ),
      copy: (l) => l.constraint.constraint_name,
      width: 300,
      grow: true,
      hideable: false,
    },
    { id: 'seen', label: 'Seen in', name: 'available_datasets', value: seen, cell: seen, copy: seen, width: 300 },
    {
      id: 'match',
      label: 'Matched by',
      name: 'match',
      value: (l) => l.match,
      cell: (l) => MATCH_WORDS[l.match],
      copy: (l) => l.match,
      width: 240,
    },
  ];
}

/** Where this record itself is used: one record in two datasets is not a pair of records. */
export function selfWords(seen: readonly string[]): string {
  if (seen.length === 0) return 'This record is in no dataset the app knows.';
  if (seen.length === 1) return `This record is used by ${seen[0]} only.`;
  // Semicolons: a dataset's own name may hold "and".
  return `This one record is used by ${seen.length} datasets: ${seen.join('; ')}.`;
}

/**
 * The same facility's other records (a real-time name and a day-ahead one are separate constraints in /v1), matched
 * by normalised name or by stations and voltage (docs/constraints.md#real-time-and-day-ahead-names-of-one-facility),
 * from the constraint list the page already holds: no request of its own.
 */
export function SameFacility(props: {
  self: Constraint;
  all: readonly Constraint[];
  choice: GridChoice;
  datasets: readonly ConstraintDataset[];
}) {
  const { self, all, choice, datasets } = props;
  const linked = useMemo(() => sameFacility(self, all), [self, all]);
  const cols = useMemo(() => columns(choice, datasets), [choice, datasets]);
  return (
    <section className="card cs-section" aria-labelledby="cs-same-title" data-testid="same-facility">
      <h2 id="cs-same-title">The same facility in other datasets</h2>
      <p className="muted" data-testid="same-facility-self">
        {selfWords(datasetWords(self.available_datasets, datasets))}
      </p>
      {linked.length === 0 ? (
        <p data-testid="same-facility-none">
          No other {self.market_id ? formatSource(self.market_id) : ''} record names this facility by the matching rule (it may
          still exist under a name the rule misses).
        </p>
      ) : (
        <DataTable
          rows={linked}
          columns={cols}
          rowId={(l) => l.constraint.gs_entity_id}
          noun={['record', 'records']}
          testId="same-facility-table"
          rowTestId="same-facility-row"
          rowIdAttribute="data-constraint-id"
          initialSorting={[{ id: 'name', desc: false }]}
          initialPinned={['name']}
          empty="No other record names this facility."
          exportName={`constraint-${self.gs_entity_id}-same-facility.csv`}
        />
      )}
    </section>
  );
}
