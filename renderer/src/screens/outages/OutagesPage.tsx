import { useMemo } from 'react';
import { VOLTAGE_CLASS_LABELS } from '../../../../shared/bridge/outages.js';
import type { OutageFilters, VoltageClass } from '../../../../shared/bridge/outages.js';
import { MARKET_CLOCKS, MARKET_IDS } from '../../../../shared/time/market.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { formatCount } from '../../lib/format.js';
import { hrefs, navigate } from '../../lib/router.js';
import { useGridQuery } from '../../features/constraints/gridQueries.js';
import { SyntheticBadge } from '../../features/constraints/SyntheticBadge.js';
import { DataTable } from '../../features/constraints/table/DataTable.js';
import { WindowForm } from '../../features/constraints/WindowForm.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { ticketColumns } from './columns.js';
import { FilterMenu } from './FilterMenu.js';
import { FILTER_PARAMS, outagesSearch, readOutagesChoice } from './route.js';
import type { ListFilter, OutagesChoice } from './route.js';
import './outages.css';

const FILTER_LABELS: Record<ListFilter, string> = {
  statuses: 'Status',
  outageTypes: 'Outage type',
  equipmentTypes: 'Equipment type',
  voltageClasses: 'Voltage class',
  zones: 'Zone',
};

/**
 * The Outages screen (`#/outages`, docs/outages.md): the transmission outage tickets of a market active in a window
 * (market time, its presets), each as it stood at the window's start, filtered by status, outage type, equipment type,
 * voltage class and zone, and to those starting in the window; sortable, copied or exported as CSV. One /v1 request
 * per market and window (`outages:list`); the filters are applied in main on that answer.
 */
export function OutagesPage({ search }: { search: string }) {
  const choice = useMemo(() => readOutagesChoice(search), [search]);
  const { grid, filters } = choice;
  const { zone } = useMarketTime(grid.market);
  const q = useGridQuery(
    'outages:list',
    { market: grid.market, window: { start: grid.start, end: grid.end }, filters },
    { keepPrevious: true },
  );
  const go = (next: OutagesChoice) => navigate(hrefs.outages(outagesSearch(next)));
  const setFilter = (name: ListFilter, values: string[]) => {
    const next: OutageFilters = { ...filters };
    delete next[name];
    go({ grid, filters: values.length ? { ...next, [name]: values } : next });
  };
  const columns = useMemo(() => ticketColumns(grid, zone), [grid, zone]);
  const anyFilter = Object.keys(filters).length > 0;

  return (
    <section className="page outages-page" aria-labelledby="outages-title" data-testid="outages-page">
      <header className="page-header">
        <h1 id="outages-title">Outages</h1>
        <p className="subtitle">
          Transmission outage tickets active in the window, each as it stood at the window’s start. Times in market time.
        </p>
        <WindowForm
          start={grid.start}
          end={grid.end}
          market={grid.market}
          label="Window"
          idPrefix="outages-window"
          testId="outages-window"
          onApply={(w) => go({ grid: { ...grid, ...w }, filters })}
        >
          <label className="choice-field">
            <span>Market</span>
            <select
              value={grid.market}
              onChange={(e) => go({ grid: { ...grid, market: e.target.value }, filters })}
              data-testid="outages-market"
            >
              {MARKET_IDS.map((id) => (
                <option key={id} value={id}>
                  {MARKET_CLOCKS[id].name}
                </option>
              ))}
            </select>
          </label>
        </WindowForm>
      </header>
      <div className="toolbar outage-filters" role="group" aria-label="Filters">
        <label className="choice-field">
          <span>Tickets</span>
          <select
            value={filters.within ?? 'active'}
            onChange={(e) => go({ grid, filters: withinOf(filters, e.target.value) })}
            data-testid="outages-within"
          >
            <option value="active">Active in the window</option>
            <option value="starting">Starting in the window</option>
          </select>
        </label>
        {(Object.keys(FILTER_PARAMS) as ListFilter[]).map((name) => (
          <FilterMenu
            key={name}
            label={FILTER_LABELS[name]}
            facets={q.data?.facets[name] ?? []}
            chosen={filters[name] ?? []}
            onChange={(values) => setFilter(name, values)}
            testId={`filter-${FILTER_PARAMS[name]}`}
            {...(name === 'voltageClasses' ? { words: (v: string) => VOLTAGE_CLASS_LABELS[v as VoltageClass] ?? v } : {})}
          />
        ))}
        {anyFilter && (
          <button type="button" className="link-button" onClick={() => go({ grid, filters: {} })} data-testid="clear-filters">
            Clear filters
          </button>
        )}
      </div>
      {q.isPending && <Skeleton label="Loading the outage tickets…" rows={6} testId="outages-loading" />}
      {q.isError && <ErrorState error={q.error} what="the outage tickets" verb="outages:list" onRetry={() => void q.refetch()} />}
      {q.data && (
        <>
          <p className="muted" data-testid="outages-summary">
            {formatCount(q.data.tickets.length)} of {formatCount(q.data.total)} tickets{' '}
            <SyntheticBadge fields={q.data.synthetic} />
          </p>
          {q.data.truncated && (
            <p className="warning-box">The service cut the ticket list at its limit: some tickets may be missing.</p>
          )}
          <DataTable
            rows={q.data.tickets}
            columns={columns}
            rowId={(t) => String(t.ticket)}
            noun={['ticket', 'tickets']}
            testId="outages-table"
            rowTestId="outage-row"
            rowIdAttribute="data-ticket"
            initialSorting={[{ id: 'start', desc: false }]}
            initialPinned={['ticket']}
            empty={anyFilter ? 'No ticket matches these filters.' : 'No outage ticket was active in this window.'}
            exportName={`outages-${grid.market}-${grid.start.slice(0, 10)}-${grid.end.slice(0, 10)}.csv`}
          />
        </>
      )}
    </section>
  );
}

// The filters with `within` set from the select's value (`active` is the default, so it is dropped).
function withinOf(filters: OutageFilters, value: string): OutageFilters {
  const { within: _within, ...rest } = filters;
  return value === 'starting' ? { ...rest, within: 'starting' } : rest;
}
