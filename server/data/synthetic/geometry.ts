import { entityId } from '../constraints/ids.js';
import { parseFacility } from '../../../shared/reference/facilityNames.js';
import type { StationLine } from './network.js';
import type { OutageStation } from './outages.js';
import { facilityStates } from './regions.js';
import type { FacilityGeometry } from './shift-factors.js';
import type { PricingNode } from './sources.js';
import { nearestNode, type SubstationPlacer } from './substations.js';
import { DEFAULT_VOLTAGE_KV } from './voltage.js';

/** SYNTHETIC geometry rows, the facility map for shift factors, and the stations outage tickets can use. */
export interface GeneratedGeometry {
  rows: { constraint_id: string; market_id: string; start_name: string; end_name: string }[];
  facilities: Map<string, FacilityGeometry>;
  stations: OutageStation[];
}

/**
 * Places the stations of every constraint of one market at once (substations.ts: a line's ends within its voltage
 * class's length, both in the footprint); zone = nearest zone node. A station's kV is its first facility's, else
 * {@link DEFAULT_VOLTAGE_KV}.
 */
export function generateGeometry(market: string, names: readonly string[], placer: SubstationPlacer, nodes: readonly PricingNode[]): GeneratedGeometry {
  const parsed = names.map((name) => ({ name, ...parseFacility(name) }));
  const lines: StationLine[] = parsed.map(({ name, from, to, voltage }) => ({ from, to, voltage, states: facilityStates(name) }));
  placer.placeLines(lines);
  const rows: GeneratedGeometry['rows'] = [];
  const facilities = new Map<string, FacilityGeometry>();
  const stations = new Map<string, OutageStation>();
  const zoneOf = (point: { latitude: number; longitude: number }) => nearestNode(point, nodes, ['zone'])?.zone ?? 'PJM';
  for (const { name, from, to, voltage } of parsed) {
    const start = placer.get(from)!;
    const end = to ? placer.get(to)! : start;
    const constraintId = entityId('constraint', market, name);
    rows.push({ constraint_id: constraintId, market_id: market, start_name: start.name, end_name: end.name });
    facilities.set(constraintId, { constraintId, start, end });
    const kv = voltage ?? DEFAULT_VOLTAGE_KV;
    if (!stations.has(from)) stations.set(from, { name: from, zone: zoneOf(start), voltage: kv, partner: to });
    if (to && !stations.has(to)) stations.set(to, { name: to, zone: zoneOf(end), voltage: kv, partner: from });
  }
  return { rows, facilities, stations: [...stations.values()].sort((a, b) => (a.name < b.name ? -1 : 1)) };
}
