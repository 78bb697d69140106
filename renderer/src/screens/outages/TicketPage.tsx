import { Suspense, lazy, useEffect, useMemo, useRef } from 'react';
import type { OutageTicket } from '../../../../shared/schemas/outages.js';
import { formatInstant } from '../../../../shared/time/format.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { formatSource } from '../../lib/format.js';
import { hrefs } from '../../lib/router.js';
import { FactList } from '../../features/constraints/BindingFacts.js';
import type { Fact } from '../../features/constraints/BindingFacts.js';
import { gridSearch, readGridChoice } from '../../features/constraints/gridChoice.js';
import { useGridQuery } from '../../features/constraints/gridQueries.js';
import { DataTable } from '../../features/constraints/table/DataTable.js';
import { SYNTHETIC_TICKET } from '../../features/map/synthetic.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { equipmentColumns } from './equipmentColumns.js';
import { TicketConstraints } from './TicketConstraints.js';
import './outages.css';

// Lazy: maplibre stays out of the main bundle until a page shows a map.
const ConstraintMiniMap = lazy(() => import('../../features/map/ConstraintMiniMap.js'));

/** The ticket's facts in market time `zone`: status, type, current interval, version and causes. */
function ticketFacts(t: OutageTicket, zone: string): Fact[] {
  return [
    ['Status', t.status],
    ['Outage type', t.outage_type],
    ['Outage start', formatInstant(t.current_interval_start_utc, zone)],
    ['Outage end', formatInstant(t.current_interval_end_utc, zone)],
    ['Version shown', formatInstant(t.version_time_utc, zone)],
    ['Causes', t.causes.length ? t.causes.join('; ') : '—'],
  ];
}

/**
 * One outage ticket (`#/outages/<ticket>?market=&start=&end=&dataset=`): as it stood at the window's start — status,
 * type, interval in market time, causes, each piece of equipment with its stations and voltage, a small map of the
 * first piece with coordinates — and the binding constraints it overlapped in the dataset and window
 * (`overlap:forOutage`, docs/overlap.md). Two /v1 requests on a first open: the window's tickets (shared with the
 * Outages screen) and the binding constraints with locations.
 */
export function TicketPage({ ticket, search }: { ticket: number; search: string }) {
  const choice = useMemo(() => readGridChoice(search), [search]);
  const window = { start: choice.start, end: choice.end };
  const { zone } = useMarketTime(choice.market);
  const q = useGridQuery('outages:ticket', { market: choice.market, window, ticket });
  const t = q.data?.ticket;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (t) headingRef.current?.focus();
  }, [t]);
  const columns = useMemo(() => equipmentColumns(zone), [zone]);
  const mapped = t?.equipment.find((e) => e.from_substation || e.to_substation);

  return (
    <article className="page ticket-page" aria-labelledby="ticket-title" data-testid="ticket-page" data-ticket={ticket}>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href={hrefs.outages(gridSearch(choice))}>← Outages</a>
      </nav>
      <header className="page-header">
        <h1 id="ticket-title" ref={headingRef} tabIndex={-1}>
          Outage ticket {ticket}{' '}
          {t?.is_synthetic && (
            <span className="badge warn" title={SYNTHETIC_TICKET} data-testid="ticket-synthetic">
              Synthetic
            </span>
          )}
        </h1>
        <p className="subtitle">
          <span className="badge">{formatSource(choice.market)}</span> As it stood at {formatInstant(choice.start, zone)}, the
          start of the window to {formatInstant(choice.end, zone)}.
        </p>
      </header>
      {q.isPending && <Skeleton label="Loading the ticket…" rows={4} testId="ticket-loading" />}
      {q.isError && (
        <ErrorState error={q.error} what={`ticket ${ticket}`} verb="outages:ticket" onRetry={() => void q.refetch()} />
      )}
      {t && q.data && (
        <>
          <div className="ticket-layout">
            <section className="card" aria-labelledby="ticket-facts-title">
              <h2 id="ticket-facts-title">Ticket</h2>
              <FactList facts={ticketFacts(t, zone)} testId="ticket-facts" />
            </section>
            <section className="card" aria-labelledby="ticket-map-title">
              <h2 id="ticket-map-title">Where</h2>
              {mapped ? (
                <Suspense fallback={<Skeleton label="Loading the map…" rows={3} testId="map-loading" />}>
                  <ConstraintMiniMap
                    name={`ticket ${ticket}`}
                    start={mapped.from_substation}
                    end={mapped.to_substation}
                    synthetic={q.data.synthetic.some((f) => /substation/.test(f))}
                  />
                </Suspense>
              ) : (
                <p className="muted">No station coordinates for this ticket’s equipment.</p>
              )}
            </section>
          </div>
          <section className="card" aria-labelledby="ticket-equipment-title">
            <h2 id="ticket-equipment-title">Equipment</h2>
            <DataTable
              rows={t.equipment}
              columns={columns}
              rowId={(e) => `${e.equipment_name}|${e.facility_name}|${e.interval_start_utc}`}
              noun={['piece of equipment', 'pieces of equipment']}
              testId="ticket-equipment"
              rowTestId="equipment-row"
              rowIdAttribute="data-equipment"
              initialSorting={[{ id: 'voltage', desc: true }]}
              initialPinned={['equipment']}
              empty="The ticket lists no equipment."
              exportName={`ticket-${ticket}-equipment.csv`}
            />
          </section>
          <TicketConstraints ticket={ticket} choice={choice} />
        </>
      )}
    </article>
  );
}
