import type { EdartEquipment, EdartTicket } from './edart.js';

/** One version of a ticket: its whole state after one change (docs/api.md#active-outages). Times are epoch ms (UTC). */
export interface TicketVersion {
  ticket: number;
  version: number;
  version_time: number;
  status: string;
  outage_type: string;
  causes: string[];
  start: number;
  end: number;
  equipment: Omit<EdartEquipment, 'start' | 'end'>[];
  is_synthetic: boolean;
}

/** Versions of an eDART ticket from its own logs: one per DATE_LOG entry, one at its status time; nothing earlier is known. */
export function versionsFromEdart(ticket: EdartTicket): TicketVersion[] {
  const equipment = ticket.equipment.map(({ start: _s, end: _e, ...rest }) => rest);
  const statusAt = (time: number) =>
    [...ticket.history_log].filter((h) => h.at <= time).sort((a, b) => a.at - b.at).at(-1)?.status ?? ticket.status;
  const base = { ticket: ticket.ticket, outage_type: ticket.outage_type, causes: ticket.causes, equipment, is_synthetic: false };
  const logged = [...ticket.date_log].sort((a, b) => a.logged_at - b.logged_at);
  const states = logged.map((entry) => ({ time: entry.logged_at, status: statusAt(entry.logged_at), start: entry.start, end: entry.end }));
  const current = {
    time: ticket.status_time,
    status: ticket.status,
    start: Math.min(...ticket.equipment.map((e) => e.start)),
    end: Math.max(...ticket.equipment.map((e) => e.end)),
  };
  if (states.length === 0 || current.time > states.at(-1)!.time) states.push(current);
  return states.map((state, i) => ({ ...base, version: i + 1, version_time: state.time, status: state.status, start: state.start, end: state.end }));
}

/** Rows of `gs_outage_versions` and `gs_outage_equipment` for a market's versions. */
export function ticketRows(market: string, versions: readonly TicketVersion[]) {
  const versionRows = versions.map((v) => ({
    market_id: market,
    ticket: v.ticket,
    version: v.version,
    version_time_utc: v.version_time,
    status: v.status,
    outage_type: v.outage_type,
    causes: v.causes,
    interval_start_utc: v.start,
    interval_end_utc: v.end,
    is_synthetic: v.is_synthetic,
  }));
  const equipmentRows = versions.flatMap((v) =>
    v.equipment.map((e, seq) => ({ market_id: market, ticket: v.ticket, version: v.version, seq, ...e, interval_start_utc: v.start, interval_end_utc: v.end })),
  );
  return { versionRows, equipmentRows };
}
