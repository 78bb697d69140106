import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { LocationConstraintCost } from '../../../../shared/schemas/constraints.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { formatCount } from '../../lib/format.js';
import { formatInstantRange } from '../../../../shared/time/format.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { hrefs } from '../../lib/router.js';
import { formatCost } from '../../features/constraints/format.js';
import { measureDef } from '../../features/constraints/table/vocabColumns.js';
import { costRowKey, costTotals, topContributors } from './costs.js';
import type { CostGrouping } from '../../features/constraints/format.js';
import type { useLocationCostsOverHours } from '../../features/constraints/locationQueries.js';
import { SortTable } from './SortTable.js';
import { SyntheticBadge } from '../../features/constraints/SyntheticBadge.js';
import { TopContributors } from './TopContributors.js';

/** Props of {@link CostsSection}: the costs query (held by the page, which shows a dataset refusal by its field). */
export interface CostsSectionProps {
  costs: ReturnType<typeof useLocationCostsOverHours>;
  /** The hours counted, in words, when not all ("On-peak (5x16)"). */
  hours?: string | undefined;
  group: CostGrouping;
  onGroup: (group: CostGrouping) => void;
  window: { start: string; end: string };
  /** The market whose time the window is written in (or UTC, the user's choice). */
  market: string;
  /** Set when the service refused the dataset: the page shows why by the dataset field. */
  datasetRefused: boolean;
  constraintSearch: string;
}

const GROUPINGS: { value: CostGrouping; label: string }[] = [
  { value: 'constraint', label: 'By constraint' },
  { value: 'constraint_contingency', label: 'By constraint and contingency' },
];

function costColumns(group: CostGrouping, constraintSearch: string): ColumnDef<LocationConstraintCost>[] {
  return [
    {
      id: 'constraint',
      header: 'Constraint',
      meta: { name: 'constraint_name' },
      accessorFn: (r) => r.constraint_name,
      cell: (c) => (
        <a href={hrefs.constraint(c.row.original.constraint_gs_entity_id, constraintSearch)}>{c.row.original.constraint_name}</a>
      ),
    },
    ...(group === 'constraint_contingency'
      ? [
          {
            id: 'contingency',
            header: 'Contingency',
            meta: { name: 'contingency_name' },
            accessorFn: (r: LocationConstraintCost) => r.contingency_name ?? undefined,
            cell: (c) => c.row.original.contingency_name ?? '—',
            sortUndefined: 'last',
          } satisfies ColumnDef<LocationConstraintCost>,
        ]
      : []),
    measureDef<LocationConstraintCost>({ name: 'shift_factor', value: (r) => r.shift_factor }),
    measureDef<LocationConstraintCost>({ name: 'absolute_cost', value: (r) => r.absolute_cost }),
    measureDef<LocationConstraintCost>({ name: 'adjusted_cost', value: (r) => r.adjusted_cost }),
  ];
}

/**
 * Location-adjusted constraint costs over the window (docs/api.md#location-constraint-costs): a grouping toggle kept
 * in the address, a sortable table with a totals row, and the top 10 contributors by |adjusted cost|.
 */
export function CostsSection(props: CostsSectionProps) {
  const { costs, group, onGroup, window, market, datasetRefused, constraintSearch, hours } = props;
  const { zone } = useMarketTime(market);
  const answer = costs.data;
  // The rows' own grouping: while the other grouping loads, the previous rows keep their own columns.
  const shownGroup = answer?.groupBy ?? group;
  const columns = useMemo(() => costColumns(shownGroup, constraintSearch), [shownGroup, constraintSearch]);
  const totals = useMemo(() => (answer ? costTotals(answer.rows) : null), [answer]);
  const top = useMemo(() => (answer ? topContributors(answer.rows, 10) : []), [answer]);
  const span = shownGroup === 'constraint_contingency' ? 3 : 2;

  return (
    <section className="card loc-section" aria-labelledby="costs-title" data-testid="location-costs">
      <header className="loc-section-header">
        <h2 id="costs-title">
          Constraint costs at this location{' '}
          <span className="muted" data-testid="costs-window">
            {formatInstantRange(window.start, window.end, zone)}
            {hours ? `, ${hours} hours` : ''}
          </span>
        </h2>
        {answer && <SyntheticBadge fields={answer.synthetic} testId="costs-synthetic" explain />}
      </header>
      <div className="grouping" role="radiogroup" aria-label="Group the costs" data-testid="cost-grouping">
        {GROUPINGS.map((g) => (
          <label key={g.value} className="chip">
            <input
              type="radio"
              name="cost-grouping"
              value={g.value}
              checked={group === g.value}
              onChange={() => onGroup(g.value)}
            />
            {g.label}
          </label>
        ))}
      </div>
      <p className="muted loc-note">
        Absolute cost: Σ |shadow price| × interval hours while the constraint bound in the window. Adjusted cost: absolute cost ×
        this location’s shift factor. The service’s per-constraint adjusted cost is the sum over its contingencies, so Σ adjusted
        cost is the same in both groupings.
      </p>
      {costs.isPending && !datasetRefused && <Skeleton label="Loading constraint costs…" rows={6} />}
      {datasetRefused && <p className="empty-state">Pick a constraint dataset with shadow prices to see costs.</p>}
      {costs.isError && !datasetRefused && (
        <ErrorState
          error={costs.error}
          what="the constraint costs"
          verb="locations:constraintCosts"
          onRetry={() => void costs.refetch()}
        />
      )}
      {answer && totals && answer.rows.length === 0 && (
        <p className="empty-state">This location has no shift factors for the constraints of this dataset.</p>
      )}
      {answer && totals && answer.rows.length > 0 && (
        <div className="costs-layout" data-group={shownGroup}>
          <SortTable
            key={shownGroup}
            rows={answer.rows}
            columns={columns}
            rowId={costRowKey}
            testId="constraint-costs-table"
            caption="Constraint costs at this location"
            busy={costs.isPlaceholderData}
            data={{ 'data-group': shownGroup }}
            footer={
              <tr
                data-testid="cost-total"
                data-total-absolute={totals.absolute}
                data-total-adjusted={totals.adjusted}
                data-group={shownGroup}
              >
                <th scope="row" colSpan={span}>
                  Total, {formatCount(answer.rows.length)} rows ({formatCount(totals.binding)} bound in the window)
                </th>
                <td className="num">Σ {formatCost(totals.absolute)}</td>
                <td className="num">Σ {formatCost(totals.adjusted)}</td>
              </tr>
            }
          />
          <TopContributors items={top} constraintSearch={constraintSearch} />
        </div>
      )}
    </section>
  );
}
