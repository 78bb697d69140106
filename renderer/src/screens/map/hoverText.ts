import { formatInstantRange } from '../../../../shared/time/format.js';
import { formatFigure, formatNumber, termOf } from '../../../../shared/vocabulary/index.js';
import type { TooltipText } from '../../features/map/MapOverlays.js';
import type { MapRows } from '../../features/map/mapRows.js';
import { categoryValue, textAt } from '../../features/map/mapRows.js';
import { minutesToMs } from '../../features/map/mapColumns.js';
import type { MapPick } from '../../features/map/picking.js';

/**
 * What the hover tooltip says about a pick, from the `map:features` rows alone (no request): the name, the voltage and
 * type, the status and the interval in `zone` (the page's market time, or UTC).
 */

const peak = termOf('peak_abs_shadow_price');
const ends = (a: string | null, b: string | null) => [...new Set([a, b].filter(Boolean))].join(' → ');

/** The tooltip's text for `pick`, or null when the rows do not hold it. */
export function hoverText(pick: MapPick, rows: MapRows | null, zone: string): TooltipText | null {
  if (pick.kind === 'location')
    return {
      title: pick.name,
      lines: [`Pricing location · ${pick.location_type || 'location'} · ${pick.market_id.toUpperCase()}`],
    };
  if (pick.kind === 'cell')
    return {
      title: `${formatNumber(pick.count, 'count')} pieces of outage equipment`,
      lines: ['out in the shown window here; click to zoom in'],
    };
  if (!rows) return null;
  const interval = (r: { start: Float32Array; end: Float32Array }, i: number) =>
    formatInstantRange(minutesToMs(r.start[i]!, rows.originMs), minutesToMs(r.end[i]!, rows.originMs), zone);
  if (pick.kind === 'constraint') {
    const r = rows.runs;
    const i = pick.row;
    const where = ends(textAt(r, 'start_name', i), textAt(r, 'end_name', i));
    return {
      title: pick.name,
      lines: [
        `Binding constraint · ${peak.label} ${formatFigure(peak, r.constraintPeak[i]!)}`,
        `Binding ${interval(r, i)}`,
        ...(where ? [where] : []),
      ],
    };
  }
  const e = rows.equipment;
  const i = pick.row;
  const where = ends(textAt(e, 'from_name', i), textAt(e, 'to_name', i));
  return {
    title: `${categoryValue(e.equipmentType, i) ?? 'Equipment'} ${textAt(e, 'equipment_name', i) ?? ''}`.trim(),
    lines: [
      `${formatNumber(e.voltage[i]!, 'count')} kV · ${categoryValue(e.status, i) ?? ''} · ${categoryValue(e.outageType, i) ?? ''}`,
      `Outage ticket ${pick.ticket}${where ? ` · ${where}` : ''}`,
      `Out ${interval(e, i)}`,
    ],
  };
}
