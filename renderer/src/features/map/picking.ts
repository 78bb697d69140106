import { LAYERS } from './deckLayers.js';
import type { LocationPoint } from './deckLayers.js';
import type { MapRows } from './mapRows.js';
import { categoryValue } from './mapRows.js';

/** What the pointer is on: a binding run, a piece of outage equipment, a pricing location or a cell of outage counts. */
export type MapPick =
  | { kind: 'constraint'; id: string; name: string; row: number }
  | { kind: 'outage'; ticket: number; row: number }
  | { kind: 'location'; name: string; location_type: string; market_id: string }
  | { kind: 'cell'; count: number };

/**
 * The part of a deck.gl picking result a pick reads. The data layers' data are typed arrays of row indices, which deck.gl
 * does not index for `object`: the row is `layer.props.data[index]`.
 */
export interface PickedInfo {
  layer?: { id: string; props?: { data?: unknown } } | null;
  object?: unknown;
  index?: number;
}

function rowOf(info: PickedInfo): number | undefined {
  if (typeof info.object === 'number') return info.object;
  const data = info.layer?.props?.data;
  return ArrayBuffer.isView(data) && info.index !== undefined && info.index >= 0 ? (data as Int32Array)[info.index] : undefined;
}

/** The layer toggle a pick belongs to (a popup closes when its layer is hidden). */
export function groupOfPick(p: MapPick): 'binding' | 'outages' | 'locations' {
  return p.kind === 'constraint' ? 'binding' : p.kind === 'location' ? 'locations' : 'outages';
}

/** The pick of one deck.gl result, or null for a layer that is not picked (haloes, labels) or an empty cell. */
export function pickOf(info: PickedInfo, rows: MapRows | null): MapPick | null {
  const id = info.layer?.id;
  const o = info.object;
  if (id === LAYERS.locations && o) {
    const l = o as LocationPoint;
    return { kind: 'location', name: l.name, location_type: l.location_type, market_id: l.market_id };
  }
  if (id === LAYERS.outageDensity) {
    const count = (o as { count?: number } | undefined)?.count ?? 0;
    return count > 0 ? { kind: 'cell', count } : null;
  }
  const row = rowOf(info);
  if (!rows || row === undefined) return null;
  if (id === LAYERS.binding || id === LAYERS.bindingPoints)
    return {
      kind: 'constraint',
      id: categoryValue(rows.runs.id, row) ?? '',
      name: categoryValue(rows.runs.name, row) ?? '',
      row,
    };
  if (id === LAYERS.outages || id === LAYERS.outagePoints) return { kind: 'outage', ticket: rows.equipment.ticket[row]!, row };
  return null;
}

/** One key per thing picked: a constraint once whatever its runs, a ticket once whatever its equipment. */
export function pickKey(p: MapPick): string {
  switch (p.kind) {
    case 'constraint':
      return `constraint:${p.id}`;
    case 'outage':
      return `ticket:${p.ticket}`;
    case 'location':
      return `location:${p.market_id}:${p.name}`;
    case 'cell':
      return 'cell';
  }
}

/**
 * The distinct things under the pointer, topmost first (outages are drawn, so picked, above constraint lines): the
 * choices a click on stacked features offers.
 */
export function picksOf(infos: readonly PickedInfo[], rows: MapRows | null): MapPick[] {
  const seen = new Set<string>();
  const out: MapPick[] = [];
  for (const info of infos) {
    const p = pickOf(info, rows);
    if (!p || seen.has(pickKey(p))) continue;
    seen.add(pickKey(p));
    out.push(p);
  }
  return out;
}
