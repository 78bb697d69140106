import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import type { NearTicket } from '../../../../shared/bridge/outages.js';
import { formatInstantRange } from '../../../../shared/time/format.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { useGridQuery } from '../../features/constraints/gridQueries.js';
import { SyntheticBadge } from '../../features/constraints/SyntheticBadge.js';
import { DataTable } from '../../features/constraints/table/DataTable.js';
import type { DataColumn } from '../../features/constraints/table/dataColumn.js';
import { measureColumn } from '../../features/constraints/table/vocabColumns.js';
import { outageIntervalColumns } from '../../features/outages/intervalColumns.js';
import { TicketLink } from '../../features/outages/TicketLink.js';

/** Days after the window looked at, at first; and the distance (km) from the constraint's substations. */
export const AHEAD_DAYS = 14;
export const AHEAD_DISTANCE_KM = 50;

function columns(choice: GridChoice, zone: string): DataColumn<NearTicket>[] {
  const text = (id: string, label: string, name: string, read: (t: NearTicket) => string, width: number, grow = false) => ({
    id,
    label,
    name,
    value: read,
    cell: read,
    copy: read,
    width,
    ...(grow ? { grow: true } : {}),
  });
  return [
    {
      id: 'ticket',
      label: 'Ticket',
      name: 'ticket',
      value: (t) => t.ticket,
      cell: (t) => (
        <span className="nowrap">
          <TicketLink ticket={t.ticket} choice={choice} /> {t.is_synthetic && <span className="badge warn">Synthetic</span>}
        </span>
      ),
      copy: (t) => String(t.ticket),
      width: 190,
      hideable: false,
    },
    ...outageIntervalColumns(zone),
    measureColumn({ id: 'distance', name: 'distance_km', value: (t) => t.distance_km, width: 110 }),
    text('status', 'Status', 'status', (t) => t.status, 100),
    text('type', 'Outage type', 'outage_type', (t) => t.outage_type, 110),
    text('equipment', 'Equipment', 'equipment', (t) => t.equipment.map((e) => e.equipment_name).join('; '), 240, true),
  ];
}

/**
 * Planned outages ahead (`outages:ahead`): tickets within a distance of the constraint's substations whose interval
 * starts in the N days after the window, read from the outages endpoint over those days (docs/outages.md). The ticket
 * links open the ticket as of the start of those days.
 */
export function PlannedAhead({ constraintId, choice, zone }: { constraintId: string; choice: GridChoice; zone: string }) {
  const [asked, setAsked] = useState({ days: AHEAD_DAYS, distanceKm: AHEAD_DISTANCE_KM });
  const [draft, setDraft] = useState({ days: String(AHEAD_DAYS), km: String(AHEAD_DISTANCE_KM) });
  const days = Number(draft.days);
  const km = Number(draft.km);
  const daysOk = Number.isInteger(days) && days >= 1 && days <= 90;
  const kmOk = draft.km.trim() !== '' && Number.isFinite(km) && km >= 0 && km <= 1000;
  const q = useGridQuery(
    'outages:ahead',
    { market: choice.market, constraintId, from: choice.end, ...asked },
    { keepPrevious: true },
  );
  // The ticket links open each ticket as of the start of the days ahead, where it is known to be active.
  const aheadWindow = q.data?.window;
  const cols = useMemo(() => columns(aheadWindow ? { ...choice, ...aheadWindow } : choice, zone), [choice, aheadWindow, zone]);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (daysOk && kmOk) setAsked({ days, distanceKm: km });
  };
  return (
    <section className="card cs-section" aria-labelledby="cs-ahead-title" data-testid="planned-ahead">
      <h2 id="cs-ahead-title">Planned outages ahead {q.data && <SyntheticBadge fields={q.data.synthetic} />}</h2>
      <form className="toolbar" onSubmit={apply}>
        <label className="choice-field">
          <span>Days after the window</span>
          <input
            type="number"
            min={1}
            max={90}
            value={draft.days}
            onChange={(e) => setDraft({ ...draft, days: e.target.value })}
            aria-invalid={daysOk ? undefined : true}
            data-testid="ahead-days"
          />
        </label>
        <label className="choice-field">
          <span>Distance (km)</span>
          <input
            type="number"
            min={0}
            max={1000}
            step="any"
            value={draft.km}
            onChange={(e) => setDraft({ ...draft, km: e.target.value })}
            aria-invalid={kmOk ? undefined : true}
            data-testid="ahead-distance"
          />
        </label>
        <button type="submit" disabled={!daysOk || !kmOk}>
          Apply
        </button>
        {!daysOk && <span className="field-error">1 to 90 days.</span>}
        {!kmOk && <span className="field-error">A distance from 0 to 1,000 km.</span>}
      </form>
      {q.isPending && <Skeleton label="Looking for planned outages…" rows={3} testId="ahead-loading" />}
      {q.isError && (
        <ErrorState error={q.error} what="the planned outages" verb="outages:ahead" onRetry={() => void q.refetch()} />
      )}
      {q.data && (
        <>
          <p className="muted">
            Tickets starting {formatInstantRange(q.data.window.start, q.data.window.end, zone)}, within {q.data.distanceKm} km of
            its substations.
            {!q.data.located && ' It has no mapped substations, so no ticket can be placed near it.'}
          </p>
          <DataTable
            rows={q.data.tickets}
            columns={cols}
            rowId={(t) => String(t.ticket)}
            noun={['ticket', 'tickets']}
            testId="ahead-table"
            rowTestId="ahead-row"
            rowIdAttribute="data-ticket"
            initialSorting={[{ id: 'start', desc: false }]}
            initialPinned={['ticket']}
            empty="No outage is planned near it in those days."
            exportName={`constraint-${constraintId}-planned-outages.csv`}
          />
        </>
      )}
    </section>
  );
}
