import { useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { ColumnFilter, PullRecord, TableColumn } from '../../../../shared/bridge/contract.js';
import type { TableView } from '../../../../shared/bridge/workspace.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { ColumnMenu } from '../constraints/table/ColumnMenu.js';
import { ColumnFilterPopover } from './ColumnFilterPopover.js';
import { FilterChips } from './FilterChips.js';
import { GoToRow } from './GoToRow.js';
import { ResultsTableBody } from './ResultsTableBody.js';
import { ResultsTableHeader } from './ResultsTableHeader.js';
import { ResultsTimeOptions } from './ResultsTimeOptions.js';
import { ResultsToolbar } from './ResultsToolbar.js';
import { withHourEnding } from './marketHours.js';
import { useCellSelection } from './useCellSelection.js';
import { useResultsColumns } from './useResultsColumns.js';
import { useResultsCopy } from './useResultsCopy.js';
import { useRowBlocks } from './useRowBlocks.js';
import { FIRST_RANGE, useVirtualRows } from './useVirtualRows.js';
import './resultsTable.css';

/** Props of {@link ResultsTable}; `actions` sit in its toolbar (export, save). */
export interface ResultsTableProps {
  pull: PullRecord;
  view: TableView;
  onViewChange: (view: TableView) => void;
  /** IANA zone (or `UTC`) timestamps are shown and filtered in. */
  zone: string;
  keyColumns: ReadonlySet<string>;
  /** The time index column, pinned left. */
  timeColumn: string | null;
  /** The market's IANA zone (peak buckets, hour ending); null when unknown. */
  marketZone?: string | null;
  /** The rows are hourly: the time index can be shown as hour ending. */
  hourly?: boolean;
  actions?: ReactNode;
}

type Popover = { column: TableColumn; index: number | null; at: { top: number; left: number } };

/**
 * The rows of a pull in the workspace (docs/desktop.md#the-query-page): one scroll area, virtual rows read in blocks
 * around the viewport ({@link useRowBlocks}), sort and filters done in SQL by main, the time column pinned left, columns
 * labelled, ordered and shown by the vocabulary (docs/vocabulary.md; the column menu shows the hidden ones), resizable,
 * cells selectable (click, Shift-click, drag) and copied as TSV with Ctrl/⌘+C or Copy, as shown or at full precision.
 */
export function ResultsTable(props: ResultsTableProps) {
  const { pull, view, onViewChange, zone, keyColumns, timeColumn, marketZone = null, hourly = false, actions } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState(FIRST_RANGE);
  const blocks = useRowBlocks(pull, view, range.start, range.end);
  const {
    columns,
    formats: columnFormats,
    headers,
    order,
    table,
    totalWidth,
  } = useResultsColumns({
    pull,
    first: blocks.first,
    view,
    onViewChange,
    zone,
    keyColumns,
    timeColumn,
  });
  const heZone = view.hourEnding && hourly && timeColumn ? marketZone : null;
  const formats = useMemo(
    () => (heZone && timeColumn ? withHourEnding(columnFormats, timeColumn, heZone) : columnFormats),
    [columnFormats, heZone, timeColumn],
  );
  const menuColumns = useMemo(() => new Map(formats.map((f) => [f.name, f])), [formats]);
  const total = blocks.totalRows ?? 0;
  const rows = useVirtualRows(scrollRef, total, range, setRange, JSON.stringify(view));
  const copier = useResultsCopy({ pullId: pull.id, view, formats, order, rowAt: blocks.rowAt });
  const cells = useCellSelection(total, columns.length, (selection) => void copier.copy(selection));
  // Wide enough for the last row's number with its separators.
  const gutter = gutterWidth(total);

  const [popover, setPopover] = useState<Popover | null>(null);
  const setFilters = (filters: ColumnFilter[]) => {
    cells.clear();
    onViewChange({ ...view, filters });
  };

  const filtered = view.filters.length > 0 || view.peak !== undefined;
  const error = blocks.error ? toGsError(blocks.error) : null;

  return (
    <div className="results-table">
      <ResultsToolbar
        total={blocks.totalRows}
        unfiltered={pull.progress?.rows ?? pull.rows}
        filtered={filtered}
        running={pull.state === 'running'}
        counting={blocks.counting}
        zone={zone}
        canCopy={!!cells.selection}
        copying={copier.copying}
        onCopy={(full) => void copier.copy(cells.selection, full)}
        columnMenu={<ColumnMenu table={table} columns={menuColumns} pinnable={false} testId="results-column-menu" />}
        goTo={
          <GoToRow
            // Not before the count: a row past the rows read so far may well exist.
            rows={blocks.counting ? 0 : total}
            onGo={(index) => {
              rows.goTo(index);
              cells.selectRow(index);
              scrollRef.current?.focus();
            }}
          />
        }
        options={
          <ResultsTimeOptions
            view={view}
            onViewChange={(next) => {
              cells.clear();
              onViewChange(next);
            }}
            timeColumn={timeColumn}
            marketZone={marketZone}
            hourly={hourly}
          />
        }
        actions={actions}
      />
      <FilterChips
        filters={view.filters}
        columns={columns}
        formats={formats}
        notice={copier.notice}
        onEdit={(column, index, at) => setPopover({ column, index, at })}
        onChange={setFilters}
      />
      {error && (
        <p className="results-error" role="alert" data-testid="rows-error">
          The rows could not be read: {error.message}
        </p>
      )}
      <div
        className="results-scroll"
        ref={scrollRef}
        tabIndex={0}
        onKeyDown={(e) => rows.onKeyDown(e) || cells.onKeyDown(e)}
        aria-label="Query results: select cells with the mouse, copy with Ctrl or Command + C; Page Up, Page Down, Home and End move through the rows"
      >
        <table
          className="data-table results-data"
          data-testid="results-table"
          aria-rowcount={total + 1}
          aria-colcount={headers.length + 1}
          style={{ width: gutter + totalWidth }}
        >
          <colgroup>
            <col style={{ width: gutter }} />
            {headers.map((h) => (
              <col key={h.id} style={{ width: h.getSize() }} />
            ))}
          </colgroup>
          <ResultsTableHeader
            headers={headers}
            columns={columns}
            formats={formats}
            order={order}
            view={view}
            gutter={gutter}
            onFilter={(column, at) => setPopover({ column, index: null, at })}
          />
          <ResultsTableBody
            headers={headers}
            formats={formats}
            order={order}
            first={rows.first}
            end={rows.end}
            padTop={rows.padTop}
            padBottom={rows.padBottom}
            pinOffset={gutter}
            rowAt={blocks.rowAt}
            selected={cells.selected}
            onMouseDown={cells.onMouseDown}
            onMouseOver={cells.onMouseOver}
          />
        </table>
        {blocks.totalRows === 0 && (
          <p className="results-empty muted" data-testid="results-empty">
            {filtered ? 'No rows match these filters.' : pull.state === 'running' ? 'No rows yet.' : 'No rows in this result.'}
          </p>
        )}
      </div>
      {popover && (
        <ColumnFilterPopover
          key={`${popover.column.name}/${popover.index}`}
          pullId={pull.id}
          column={popover.column}
          format={formats[columns.findIndex((c) => c.name === popover.column.name)] ?? { label: popover.column.name, zone }}
          editing={popover.index !== null ? view.filters[popover.index] : undefined}
          at={popover.at}
          onApply={(f) => {
            setPopover(null);
            setFilters(popover.index !== null ? view.filters.map((g, j) => (j === popover.index ? f : g)) : [...view.filters, f]);
          }}
          onRemove={
            popover.index !== null
              ? () => (setPopover(null), setFilters(view.filters.filter((_g, j) => j !== popover.index)))
              : undefined
          }
          onClose={() => setPopover(null)}
        />
      )}
    </div>
  );
}

/** Px of the row-number gutter for `rows` rows: the widest number's digits and separators, plus padding. */
function gutterWidth(rows: number): number {
  const digits = Math.max(1, String(Math.max(1, rows)).length);
  return Math.ceil(digits * 7.6 + Math.floor((digits - 1) / 3) * 3.4) + 18;
}
