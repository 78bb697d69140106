import type { MapRows } from '../../features/map/mapRows.js';
import type { StationLabel } from '../../features/map/labelLayers.js';

/** A search result: a binding constraint, an outage ticket or a substation (with its place). */
export type SearchHit =
  | { kind: 'constraint'; id: string; label: string }
  | { kind: 'ticket'; ticket: number; label: string }
  | { kind: 'substation'; name: string; position: [number, number]; label: string };

/** Most results offered at once. */
export const SEARCH_LIMIT = 8;

/**
 * What the map's search finds for `query` among the rows drawn: a ticket by its number (digits: tickets starting with
 * them), constraints and substations by a case-insensitive part of their name; names starting with the query first.
 */
export function searchRows(rows: MapRows, stations: readonly StationLabel[], query: string): SearchHit[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const hits: SearchHit[] = [];
  if (/^\d+$/.test(q)) {
    const tickets = new Set<number>();
    for (const t of rows.equipment.ticket) if (String(t).startsWith(q)) tickets.add(t);
    for (const t of [...tickets].sort((a, b) => a - b).slice(0, SEARCH_LIMIT))
      hits.push({ kind: 'ticket', ticket: t, label: `Outage ticket ${t}` });
  }
  const rank = (name: string) => (name.toLowerCase().startsWith(q) ? 0 : 1);
  const nameCodes = new Int32Array(rows.runs.id.values.length).fill(-1);
  for (let i = 0; i < rows.runs.count; i++)
    if (nameCodes[rows.runs.id.codes[i]!] === -1) nameCodes[rows.runs.id.codes[i]!] = rows.runs.name.codes[i]!;
  const names = rows.runs.id.values
    .map((id, k) => ({ id, name: rows.runs.name.values[nameCodes[k]!] ?? id }))
    .filter((c) => c.name.toLowerCase().includes(q) || c.id.toLowerCase() === q)
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
  for (const c of names.slice(0, SEARCH_LIMIT)) hits.push({ kind: 'constraint', id: c.id, label: c.name });
  const found = stations
    .filter((s) => s.name.toLowerCase().includes(q))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
  for (const s of found.slice(0, SEARCH_LIMIT))
    hits.push({ kind: 'substation', name: s.name, position: s.position, label: `Substation ${s.name}` });
  return hits.slice(0, SEARCH_LIMIT);
}
