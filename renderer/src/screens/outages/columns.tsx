import type { OutageTicket } from '../../../../shared/schemas/outages.js';
import { labelWithUnit, termOf } from '../../../../shared/vocabulary/index.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import type { DataColumn } from '../../features/constraints/table/dataColumn.js';
import { measureColumn } from '../../features/constraints/table/vocabColumns.js';
import { outageIntervalColumns } from '../../features/outages/intervalColumns.js';
import { TicketLink } from '../../features/outages/TicketLink.js';
import { SYNTHETIC_TICKET } from '../../features/map/synthetic.js';

/** Each value once, in order of first appearance: the equipment types or zones of a ticket's pieces. */
export const distinct = (values: readonly string[]): string[] => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** A ticket's highest equipment voltage (kV), null without equipment. */
export const topVoltage = (t: OutageTicket): number | null =>
  t.equipment.length ? Math.max(...t.equipment.map((e) => e.voltage)) : null;

/** A text column under the vocabulary's label for raw name `name`. */
export function textColumn<T>(id: string, name: string, text: (row: T) => string, width: number, grow = false): DataColumn<T> {
  return {
    id,
    label: labelWithUnit(termOf(name)),
    name,
    value: (r) => text(r) || null,
    cell: (r) => text(r),
    copy: (r) => text(r),
    width,
    ...(grow ? { grow: true } : {}),
  };
}

/** The ticket's number linking to its page, badged when it is synthetic. */
export function TicketCell({ ticket, choice }: { ticket: OutageTicket; choice: GridChoice }) {
  return (
    <span className="nowrap">
      <TicketLink ticket={ticket.ticket} choice={choice} />{' '}
      {ticket.is_synthetic && (
        <span className="badge warn" title={SYNTHETIC_TICKET}>
          Synthetic
        </span>
      )}
    </span>
  );
}

/**
 * The columns of the Outages table: ticket (a link to its page), status, outage type, the current interval in
 * market time `zone`, equipment, equipment types, highest voltage and zones.
 */
export function ticketColumns(choice: GridChoice, zone: string): DataColumn<OutageTicket>[] {
  return [
    {
      id: 'ticket',
      label: termOf('ticket').label,
      name: 'ticket',
      value: (t) => t.ticket,
      cell: (t) => <TicketCell ticket={t} choice={choice} />,
      copy: (t) => String(t.ticket),
      width: 190,
      hideable: false,
    },
    textColumn('status', 'status', (t) => t.status, 110),
    textColumn('type', 'outage_type', (t) => t.outage_type, 110),
    ...outageIntervalColumns(zone),
    textColumn(
      'equipment',
      'equipment',
      (t) => distinct(t.equipment.map((e) => e.equipment_name || e.facility_name)).join('; '),
      260,
      true,
    ),
    textColumn('types', 'equipment_type', (t) => distinct(t.equipment.map((e) => e.equipment_type)).join(', '), 110),
    measureColumn({ id: 'voltage', name: 'voltage', label: 'Highest voltage', value: topVoltage, width: 120, descFirst: true }),
    textColumn('zones', 'zone', (t) => distinct(t.equipment.map((e) => e.zone)).join(', '), 110),
  ];
}
