import type { EdartEquipment } from './edart.js';
import { integer, pick, rng, uniform } from './random.js';
import type { TicketVersion } from './tickets.js';

/** A station equipment can sit at: zone, voltage (kV) and, for lines, the other end. */
export interface OutageStation {
  name: string;
  zone: string;
  voltage: number;
  partner: string | null;
}

/** Options of {@link generateTickets}: weighted start windows `[from, to)` and a `horizon` no version passes; epoch ms. */
export interface TicketOptions {
  market: string;
  count: number;
  firstTicket: number;
  windows: { from: number; to: number; weight: number }[];
  stations: readonly OutageStation[];
  horizon: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CAUSES = [
  'Maintenance: Inspection / General Maintenance',
  'Construction: New Facility',
  'Construction: Upgrade / Uprate',
  'Relay / Protection Testing',
  'Vegetation Management',
  'Emergency: Equipment Failure',
  'Outage to Support Other Work',
];

function equipmentAt(station: OutageStation, random: () => number, n: number): Omit<EdartEquipment, 'start' | 'end'> {
  const kind = station.partner && random() < 0.5 ? 'LINE' : pick(random, ['BRKR', 'BRKR', 'XFMR', 'CAP']);
  const kv = `${station.name} ${station.voltage} KV`;
  const common = { zone: station.zone, equipment_type: kind, station_1: station.name, voltage: station.voltage, switching_action: 'OPEN' as const };
  if (kind === 'LINE') {
    const name = `${station.name}-${station.partner} ${integer(random, 1, 9)}`;
    return { ...common, facility_name: `LINE ${kv} ${name}`, station_2: station.partner!, equipment_name: name };
  }
  const name = kind === 'BRKR' ? `${pick(random, ['A', 'B', 'D', 'H'])}${integer(random, 10, 99)} CB` : kind === 'XFMR' ? `${n + 1} XFORMER` : `${n + 1} CAP`;
  return { ...common, facility_name: `${kind} ${kv} ${station.name} ${name}`, station_2: station.name, equipment_name: name };
}

function ticketVersions(ticket: number, options: TicketOptions): TicketVersion[] {
  const random = rng('outage', options.market, ticket);
  const total = options.windows.reduce((sum, w) => sum + w.weight, 0);
  let draw = random() * total;
  const window = options.windows.find((w) => (draw -= w.weight) < 0) ?? options.windows[0]!;
  const start = Math.floor(uniform(random, window.from, window.to) / HOUR) * HOUR;
  const shape = random();
  const hours = shape < 0.45 ? integer(random, 4, 16) : shape < 0.85 ? integer(random, 24, 14 * 24) : integer(random, 14 * 24, 90 * 24);
  const outageType = hours < 24 ? pick(random, ['Daily', 'Daily (No Weekend)']) : 'Continuous';
  const causes = [pick(random, CAUSES), ...(random() < 0.25 ? [pick(random, CAUSES)] : [])].filter((c, i, all) => all.indexOf(c) === i);
  const station = pick(random, options.stations);
  const equipment = Array.from({ length: integer(random, 1, 3) }, (_, n) => equipmentAt(n === 0 ? station : pick(random, options.stations), random, n));
  const base = { ticket, outage_type: outageType, causes, equipment, is_synthetic: true };
  const states: { time: number; status: string; start: number; end: number }[] = [];
  const submitted = start - integer(random, 2, 60) * DAY - integer(random, 0, 23) * HOUR;
  states.push({ time: submitted, status: 'Submitted', start, end: start + hours * HOUR });
  const approvedAt = submitted + integer(random, 1, 5) * DAY;
  const revised = random() < 0.35;
  const shift = revised ? integer(random, -72, 72) * HOUR : 0;
  const newStart = Math.max(approvedAt + HOUR, start + shift);
  const newEnd = newStart + Math.max(1, Math.round(hours * (revised ? uniform(random, 0.8, 1.2) : 1))) * HOUR;
  states.push({ time: approvedAt, status: revised ? 'Revised' : 'Approved', start: newStart, end: newEnd });
  if (random() < 0.08) {
    states.push({ time: Math.floor(uniform(random, approvedAt + HOUR, newStart)), status: 'Cancelled', start: newStart, end: newEnd });
  } else {
    states.push({ time: newStart + integer(random, 0, 30) * 60_000, status: 'Active', start: newStart, end: newEnd });
    states.push({ time: newEnd + integer(random, 0, 60) * 60_000, status: 'Completed', start: newStart, end: newEnd });
  }
  return states
    .filter((s) => s.time <= options.horizon)
    .map((s, i) => ({ ...base, version: i + 1, version_time: s.time, status: s.status, start: s.start, end: s.end }));
}

/** `count` SYNTHETIC tickets numbered from `firstTicket`, as versions (docs/constraints.md#generators-seeded-deterministic). */
export function generateTickets(options: TicketOptions): TicketVersion[] {
  if (options.stations.length === 0) return [];
  return Array.from({ length: options.count }, (_, i) => ticketVersions(options.firstTicket + i, options)).flat();
}
