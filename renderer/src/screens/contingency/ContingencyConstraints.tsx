import { useMemo } from 'react';
import type { BoundConstraint } from '../../../../shared/bridge/binding.js';
import { formatNumber } from '../../../../shared/vocabulary/formats.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { formatCount } from '../../lib/format.js';
import { hrefs } from '../../lib/router.js';
import { useBoundConstraints } from '../../features/constraints/bindingQueries.js';
import { COST_COLUMN, boundColumns, costColumnIds } from '../../features/constraints/boundColumns.js';
import type { WithBound } from '../../features/constraints/boundColumns.js';
import { costTotals } from '../../features/constraints/boundTotals.js';
import type { PriceKind } from '../../features/constraints/constraintDatasets.js';
import { gridSearch } from '../../features/constraints/gridChoice.js';
import { peakParams } from '../../features/constraints/peakChoice.js';
import { DataTable } from '../../features/constraints/table/DataTable.js';
import type { DataColumn } from '../../features/constraints/table/dataColumn.js';
import type { ContingencyView } from './route.js';

/** Props of {@link ContingencyConstraints}: the contingency, the view's choices, the market zone and the cost's kind. */
export interface ContingencyConstraintsProps {
  contingencyId: string;
  view: ContingencyView;
  zone: string;
  kind: PriceKind | null;
}

interface Row extends WithBound<BoundConstraint> {
  id: string;
}

const SORT = [{ id: COST_COLUMN, desc: true }];

/**
 * The constraints that bound under a contingency in the window, each with its figures over the rows of that
 * contingency (`binding:constraints` with `contingencyId`), largest cost first, a total in the foot; each opens the
 * constraint's detail for the same window and hours.
 */
export function ContingencyConstraints({ contingencyId, view, zone, kind }: ContingencyConstraintsProps) {
  const q = useBoundConstraints(view.choice, view.peak, contingencyId, { keepPrevious: true });
  const rows = useMemo(
    (): Row[] =>
      (q.data?.constraints ?? []).map((c) => ({ id: c.constraint_gs_entity_id ?? `name:${c.constraint_name}`, bound: c })),
    [q.data],
  );
  const link = gridSearch(view.choice, peakParams(view.peak));
  const columns = useMemo((): DataColumn<Row>[] => {
    const name: DataColumn<Row> = {
      id: 'constraint',
      label: 'Constraint',
      name: 'constraint_name',
      value: (r) => r.bound?.constraint_name ?? '',
      cell: (r) =>
        r.bound?.constraint_gs_entity_id ? (
          <a href={hrefs.constraint(r.bound.constraint_gs_entity_id, link)} data-testid="contingency-constraint-link">
            {r.bound.constraint_name}
          </a>
        ) : (
          r.bound?.constraint_name
        ),
      copy: (r) => r.bound?.constraint_name ?? '',
      width: 260,
      grow: true,
      hideable: false,
    };
    return [name, ...boundColumns<Row>({ zone, kind, split: view.split })];
  }, [link, zone, kind, view.split]);
  const footer = useMemo(() => {
    const ids = costColumnIds(view.split);
    return costTotals(rows, ids, () => '').map((t) => ({
      id: 'total',
      cells: {
        constraint: `Total, ${formatCount(t.bound)} ${t.bound === 1 ? 'constraint' : 'constraints'}`,
        ...Object.fromEntries(ids.map((id) => [id, formatNumber(t.costs[id], 'money')])),
      },
    }));
  }, [rows, view.split]);

  return (
    <section className="card cs-section cs-contingency-constraints" aria-labelledby="cs-kc-title">
      <h2 id="cs-kc-title">Constraints that bound under it</h2>
      {q.isPending && <Skeleton label="Loading its constraints…" rows={4} testId="contingency-constraints-loading" />}
      {q.isError && (
        <ErrorState error={q.error} what="its constraints" verb="binding:constraints" onRetry={() => void q.refetch()} />
      )}
      {q.isSuccess && (
        <DataTable
          rows={rows}
          columns={columns}
          rowId={(r) => r.id}
          noun={['constraint', 'constraints']}
          testId="contingency-constraints"
          rowTestId="contingency-constraint-row"
          rowIdAttribute="data-constraint-id"
          initialSorting={SORT}
          initialPinned={['constraint']}
          initialHidden={['first_binding', 'last_binding']}
          empty={<p className="muted">No constraint bound under it in these hours.</p>}
          footer={footer}
          footerTestId="contingency-totals"
        />
      )}
    </section>
  );
}
