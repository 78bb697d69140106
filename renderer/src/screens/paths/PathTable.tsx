import { useMemo } from 'react';
import type { PathBuckets, PathFigures, PathResults, PathRow } from '../../../../shared/bridge/paths.js';
import type { PeakFilter } from '../../../../shared/time/peak.js';
import { formatNumber, labelWithUnit, termOf } from '../../../../shared/vocabulary/index.js';
import { formatCount } from '../../lib/format.js';
import { hrefs } from '../../lib/router.js';
import { DataTable } from '../../features/constraints/table/DataTable.js';
import type { DataColumn } from '../../features/constraints/table/dataColumn.js';

type Answer = PathResults['paths:congestion'];
interface Row extends PathRow {
  id: string;
}

/** The bucket of `peak` in a {@link PathBuckets} (all hours when `peak` is `all`). */
export const bucketOf = (b: PathBuckets, peak: PeakFilter): number => b[peak];

function measure(name: string, value: (r: Row) => number | null, width = 150): DataColumn<Row> {
  const term = termOf(name);
  const format = term.kind === 'factor' ? 'factor' : 'money';
  return {
    id: name,
    label: labelWithUnit(term),
    name,
    ...(term.help ? { help: term.help } : {}),
    value: (r) => value(r),
    cell: (r) => formatNumber(value(r), format),
    copy: (r) => formatNumber(value(r), format).replaceAll(',', ''),
    copyFull: (r) => String(value(r) ?? ''),
    width,
    numeric: true,
    descFirst: true,
  };
}

const SORT = [{ id: 'rt_path_cost', desc: true }];

/** Props of {@link PathTable}: the answer, the hours counted and the search the constraint links carry. */
export interface PathTableProps {
  answer: Answer;
  peak: PeakFilter;
  constraintSearch: string;
}

/**
 * The path's congestion per constraint (or constraint and contingency) in the hours chosen: real-time and day-ahead
 * side by side, each in $/MW over the window and as a mean in $/MWh, with the path shift factor; totals in the foot.
 */
export function PathTable({ answer, peak, constraintSearch }: PathTableProps) {
  const byPair = answer.rows.some((r) => r.contingency_gs_entity_id !== null || r.contingency_name !== null);
  const rows = useMemo(
    (): Row[] => answer.rows.map((r) => ({ ...r, id: `${r.constraint_gs_entity_id}|${r.contingency_gs_entity_id ?? ''}` })),
    [answer],
  );
  const columns = useMemo((): DataColumn<Row>[] => {
    const side = (f: PathFigures | null, what: 'cost' | 'per_mwh') => (f ? bucketOf(f[what], peak) : null);
    const name: DataColumn<Row> = {
      id: 'constraint',
      label: 'Constraint',
      name: 'constraint_name',
      value: (r) => r.constraint_name,
      cell: (r) => <a href={hrefs.constraint(r.constraint_gs_entity_id, constraintSearch)}>{r.constraint_name}</a>,
      copy: (r) => r.constraint_name,
      width: 260,
      grow: true,
      hideable: false,
    };
    const contingency: DataColumn<Row> = {
      id: 'contingency',
      label: 'Contingency',
      name: 'contingency_name',
      value: (r) => r.contingency_name,
      cell: (r) => r.contingency_name ?? '—',
      copy: (r) => r.contingency_name ?? '',
      width: 220,
    };
    return [
      name,
      ...(byPair ? [contingency] : []),
      measure('rt_path_cost', (r) => side(r.rt, 'cost')),
      measure('rt_path_per_mwh', (r) => side(r.rt, 'per_mwh'), 130),
      measure('da_path_cost', (r) => side(r.da, 'cost')),
      measure('da_path_per_mwh', (r) => side(r.da, 'per_mwh'), 130),
      measure('path_shift_factor', (r) => r.rt?.shift_factor ?? r.da?.shift_factor ?? null, 130),
    ];
  }, [byPair, peak, constraintSearch]);
  const footer = useMemo(() => {
    const t = (f: PathFigures | null, what: 'cost' | 'per_mwh') => formatNumber(f ? bucketOf(f[what], peak) : null, 'money');
    return [
      {
        id: 'total',
        data: { 'data-rt': String(answer.totals.rt?.cost[peak] ?? ''), 'data-da': String(answer.totals.da?.cost[peak] ?? '') },
        cells: {
          constraint: `Path total, ${formatCount(rows.length)} ${rows.length === 1 ? 'row' : 'rows'}`,
          rt_path_cost: t(answer.totals.rt, 'cost'),
          rt_path_per_mwh: t(answer.totals.rt, 'per_mwh'),
          da_path_cost: t(answer.totals.da, 'cost'),
          da_path_per_mwh: t(answer.totals.da, 'per_mwh'),
        },
      },
    ];
  }, [answer, rows.length, peak]);
  return (
    <DataTable
      rows={rows}
      columns={columns}
      rowId={(r) => r.id}
      noun={['constraint', 'constraints']}
      testId="path-table"
      rowTestId="path-row"
      rowIdAttribute="data-constraint-id"
      initialSorting={SORT}
      initialPinned={['constraint']}
      empty={<p className="empty-state">No constraint with a shift factor at either end bound in this window.</p>}
      footer={footer}
      footerTestId="path-total"
    />
  );
}
