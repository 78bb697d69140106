import { entityId } from '../constraints/ids.js';
import { parseFacility } from './facilities.js';
import type { FacilityGeometry } from './shift-factors.js';
import type { PricingNode } from './sources.js';
import { nearestNode, seededVoltage, type SubstationPlacer } from './substations.js';
import type { OutageStation } from './outages.js';

/** SYNTHETIC geometry rows, the facility map for shift factors, and the stations outage tickets can use. */
export interface GeneratedGeometry {
  rows: { constraint_id: string; market_id: string; start_name: string; end_name: string }[];
  facilities: Map<string, FacilityGeometry>;
  stations: OutageStation[];
}

/** Places the stations of each constraint of one market (far end of a line near the first); zone = nearest PJM zone node. */
export function generateGeometry(market: string, names: readonly string[], placer: SubstationPlacer, nodes: readonly PricingNode[]): GeneratedGeometry {
  const rows: GeneratedGeometry['rows'] = [];
  const facilities = new Map<string, FacilityGeometry>();
  const stations = new Map<string, OutageStation>();
  const zoneOf = (point: { latitude: number; longitude: number }) => nearestNode(point, nodes, ['zone'])?.zone ?? 'PJM';
  for (const name of names) {
    const { from, to, voltage } = parseFacility(name);
    const start = placer.place(from);
    const end = to ? placer.place(to, start) : start;
    const constraintId = entityId('constraint', market, name);
    rows.push({ constraint_id: constraintId, market_id: market, start_name: start.name, end_name: end.name });
    facilities.set(constraintId, { constraintId, start, end });
    const kv = voltage ?? seededVoltage(from);
    if (!stations.has(from)) stations.set(from, { name: from, zone: zoneOf(start), voltage: kv, partner: to });
    if (to && !stations.has(to)) stations.set(to, { name: to, zone: zoneOf(end), voltage: kv, partner: from });
  }
  return { rows, facilities, stations: [...stations.values()].sort((a, b) => (a.name < b.name ? -1 : 1)) };
}
