import type { FilterRange } from './gpuFilter.js';
import { rowShown } from './gpuFilter.js';
import type { MapRows } from './mapRows.js';
import { categoryValue, textAt } from './mapRows.js';

/**
 * The features the data layers show in the shown window, as a list a keyboard reaches (docs/map.md#selection-and-links):
 * the same rows the GPU filter keeps ({@link rowShown}, drawn rows of visible layers only), one entry per binding
 * constraint and one per outage ticket. Constraints come first, by their highest run peak |shadow price| among the shown
 * runs ($/MWh, largest first, then name and id); outages follow by ticket number.
 */

/** A binding constraint shown: its id and name, the shown run with the highest peak (row) and that peak ($/MWh). */
export interface ShownConstraint {
  kind: 'constraint';
  id: string;
  name: string;
  row: number;
  peak: number;
}

/** An outage ticket shown: its first shown equipment row, how many of its equipment rows are shown, and its interval. */
export interface ShownOutage {
  kind: 'outage';
  ticket: number;
  row: number;
  equipment: number;
  /** Minutes from the answer's origin: the earliest start and latest end among its shown rows. */
  start: number;
  end: number;
}

export type ShownFeature = ShownConstraint | ShownOutage;

/** The features shown under `range` (the outage filters' 0/1 per equipment row in `included`), in list order. */
export function shownFeatures(
  rows: MapRows,
  included: Uint8Array,
  range: FilterRange,
  visible: { binding: boolean; outages: boolean },
): ShownFeature[] {
  const constraints = new Map<string, ShownConstraint>();
  const r = rows.runs;
  if (visible.binding)
    for (const i of r.placed) {
      if (!rowShown(r, i, true, range)) continue;
      const id = categoryValue(r.id, i) ?? '';
      const had = constraints.get(id);
      if (!had || r.peak[i]! > had.peak)
        constraints.set(id, { kind: 'constraint', id, name: categoryValue(r.name, i) ?? id, row: i, peak: r.peak[i]! });
    }
  const outages = new Map<number, ShownOutage>();
  const e = rows.equipment;
  if (visible.outages)
    for (const i of e.placed) {
      if (!rowShown(e, i, included[i] === 1, range)) continue;
      const ticket = e.ticket[i]!;
      const had = outages.get(ticket);
      if (!had) outages.set(ticket, { kind: 'outage', ticket, row: i, equipment: 1, start: e.start[i]!, end: e.end[i]! });
      else {
        had.equipment += 1;
        had.start = Math.min(had.start, e.start[i]!);
        had.end = Math.max(had.end, e.end[i]!);
      }
    }
  const byPeak = [...constraints.values()].sort(
    (a, b) => b.peak - a.peak || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  );
  const byTicket = [...outages.values()].sort((a, b) => a.ticket - b.ticket);
  return [...byPeak, ...byTicket];
}

/** An outage's equipment in words: `Line ALPHA–BETA 230 kV`, from its first shown row. */
export function equipmentText(rows: MapRows, row: number): string {
  const e = rows.equipment;
  const type = categoryValue(e.equipmentType, row) ?? 'Equipment';
  const name = textAt(e, 'equipment_name', row);
  const kv = e.voltage[row]!;
  return [type, name, Number.isFinite(kv) && kv > 0 ? `${kv} kV` : null].filter(Boolean).join(' ');
}
