import { VOLTAGE_CLASSES, voltageClassOf } from '../../../shared/index.js';
import type { OutageFacet, OutageFacets, OutageFilters, OutageTicket } from '../../../shared/index.js';

/**
 * The outage list's filters and their choices (docs/outages.md#filters), over the tickets of one /v1 answer. A list
 * filter keeps a ticket holding any of its values; equipment type, voltage class and zone are read from every piece of
 * the ticket's equipment (one matching is enough); text compares without case or surrounding spaces.
 */

const key = (text: string): string => text.trim().toLowerCase();

/** What one filter reads of a ticket: the values it holds. */
const READERS: Record<Exclude<keyof OutageFilters, 'within'>, (t: OutageTicket) => string[]> = {
  statuses: (t) => [t.status],
  outageTypes: (t) => [t.outage_type],
  equipmentTypes: (t) => t.equipment.map((e) => e.equipment_type),
  voltageClasses: (t) => t.equipment.flatMap((e) => voltageClassOf(e.voltage) ?? []),
  zones: (t) => t.equipment.map((e) => e.zone),
};

/** True when the ticket's current interval starts in `[start, end)` (epoch ms). */
export function startsWithin(t: OutageTicket, start: number, end: number): boolean {
  const s = Date.parse(t.current_interval_start_utc);
  return s >= start && s < end;
}

/** The tickets `filters` keep, in the order given; `window` is the answer's, for `within: 'starting'`. */
export function filterTickets(
  tickets: readonly OutageTicket[],
  filters: OutageFilters,
  window: { start: string; end: string },
): OutageTicket[] {
  const wanted = (Object.keys(READERS) as (keyof typeof READERS)[]).flatMap((name) => {
    const values = filters[name];
    return values && values.length > 0 ? [{ read: READERS[name], keep: new Set(values.map(key)) }] : [];
  });
  const [from, to] = [Date.parse(window.start), Date.parse(window.end)];
  return tickets.filter(
    (t) =>
      (filters.within !== 'starting' || startsWithin(t, from, to)) &&
      wanted.every((w) => w.read(t).some((v) => w.keep.has(key(v)))),
  );
}

// Each value once per ticket, counted, most frequent first (then in words' order); `order` fixes an order instead.
function facet(tickets: readonly OutageTicket[], read: (t: OutageTicket) => string[], order?: readonly string[]): OutageFacet[] {
  const counts = new Map<string, number>();
  for (const t of tickets) for (const v of new Set(read(t).map((x) => x.trim()))) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  const out = [...counts].map(([value, count]) => ({ value, count }));
  return order
    ? out.sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value))
    : out.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/** The values each filter can take over `tickets`, with how many tickets hold each. */
export function outageFacets(tickets: readonly OutageTicket[]): OutageFacets {
  return {
    statuses: facet(tickets, READERS.statuses),
    outageTypes: facet(tickets, READERS.outageTypes),
    equipmentTypes: facet(tickets, READERS.equipmentTypes),
    voltageClasses: facet(tickets, READERS.voltageClasses, VOLTAGE_CLASSES),
    zones: facet(tickets, READERS.zones),
  };
}
