import { easternToUtc } from './eastern.js';

/** One equipment line. Times are epoch ms (UTC). */
export interface EdartEquipment {
  zone: string;
  facility_name: string;
  equipment_type: string;
  station_1: string;
  station_2: string;
  voltage: number;
  equipment_name: string;
  switching_action: 'OPEN' | 'CLOSED';
  start: number;
  end: number;
}

/** One parsed ticket. */
export interface EdartTicket {
  ticket: number;
  status: string;
  status_time: number;
  outage_type: string;
  causes: string[];
  equipment: EdartEquipment[];
  date_log: { start: number; end: number; logged_at: number }[];
  history_log: { status: string; at: number }[];
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const EQUIPMENT = /^\s*(?:\d+\s+(\d+)\s+)?([A-Z0-9]+)\s+(\S.*?)\s+(\d{2}-[A-Z]{3}-\d{4} \d{4})\s+(\d{2}-[A-Z]{3}-\d{4} \d{4})\s+([OC])\b(.*)$/;
const DATE_LOG = /^\s*\((\d{2}-[A-Z]{3}-\d{4} \d{4})\s+(\d{2}-[A-Z]{3}-\d{4} \d{4})\s+(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2})\)\s*$/;
const HISTORY_LOG = /^\s*\(([A-Za-z][A-Za-z ]*?)\s+(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2})\)\s*$/;

function edartTime(text: string): number {
  const [, d, mon, y, hh, mm] = /^(\d{2})-([A-Z]{3})-(\d{4}) (\d{2})(\d{2})$/.exec(text)!;
  return easternToUtc(Number(y), MONTHS.indexOf(mon!) + 1, Number(d), Number(hh), Number(mm));
}

function stampTime(text: string): number {
  const [, mo, d, y, hh, mm] = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(text)!;
  return easternToUtc(Number(y), Number(mo), Number(d), Number(hh), Number(mm));
}

/** Splits `BRKR MANSFIEL 345 KV  MANSFIEL D42   DIS` into type, stations, voltage (kV) and name. */
export function parseEdartFacility(raw: string): Pick<EdartEquipment, 'facility_name' | 'equipment_type' | 'station_1' | 'station_2' | 'voltage' | 'equipment_name'> {
  const facility = raw.replace(/\s+/g, ' ').trim();
  const m = /^(\S+) (.+?) (\d+) KV (.+)$/.exec(facility);
  if (!m) return { facility_name: facility, equipment_type: facility.split(' ')[0]!, station_1: '', station_2: '', voltage: 0, equipment_name: facility };
  const [, type, station1, kv, rest] = m;
  const words = rest!.split(' ');
  // The second station is the first word of the tail when the tail names a station (`MANSFIEL D42`).
  const station2 = words.length > 1 ? words[0]! : station1!;
  const name = words.length > 1 ? words.slice(1).join(' ') : rest!;
  return { facility_name: facility, equipment_type: type!, station_1: station1!, station_2: station2, voltage: Number(kv), equipment_name: name };
}

const groups = (tail: string) => [...tail.matchAll(/\(([^)]*)\)/g)].map((g) => g[1]!.trim()).filter(Boolean);

/** Tickets of a `linesout.txt` "SCHEDULED OUTAGES" section (times Eastern prevailing); unrecognised lines are skipped. */
export function parseEdartScheduled(text: string): EdartTicket[] {
  const section = text.split(/SCHEDULED OUTAGES/)[1] ?? '';
  const tickets: EdartTicket[] = [];
  let current: EdartTicket | undefined;
  let tails: string[] = [];
  const finish = () => {
    if (!current) return;
    const [type, ...causes] = tails;
    current.outage_type = type ?? '';
    current.causes = causes;
    tickets.push(current);
  };
  for (const line of section.split(/\r?\n/)) {
    const eq = EQUIPMENT.exec(line);
    if (eq) {
      const [, ticket, zone, facility, start, end, oc, rest] = eq;
      if (ticket) {
        finish();
        const status = /^\s*([A-Za-z]+)\s+(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2})/.exec(rest!);
        current = { ticket: Number(ticket), status: status?.[1] ?? '', status_time: status ? stampTime(status[2]!) : 0, outage_type: '', causes: [], equipment: [], date_log: [], history_log: [] };
        tails = [];
      }
      if (!current) continue;
      tails.push(...groups(rest!));
      current.equipment.push({ zone: zone!, ...parseEdartFacility(facility!), switching_action: oc === 'O' ? 'OPEN' : 'CLOSED', start: edartTime(start!), end: edartTime(end!) });
      continue;
    }
    const dates = DATE_LOG.exec(line);
    if (dates && current) current.date_log.push({ start: edartTime(dates[1]!), end: edartTime(dates[2]!), logged_at: stampTime(dates[3]!) });
    const history = HISTORY_LOG.exec(line);
    if (history && current) current.history_log.push({ status: history[1]!, at: stampTime(history[2]!) });
  }
  finish();
  return tickets;
}
