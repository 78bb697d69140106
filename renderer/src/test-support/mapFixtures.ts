import type { BindingConstraintWithLocations } from '../../../shared/schemas/constraints.js';
import type { OutageEquipment, OutageTicket } from '../../../shared/schemas/outages.js';

/** Test data of the map's tests: answers shaped like the embedded service's (docs/api.md), values made up. */

const at = (hhmm: string, day = '02') => `2024-09-${day}T${hhmm}:00+00:00`;

/** A 5-minute observation starting at `hhmm` on Sep 2 (UTC). */
export function observation(hhmm: string, shadow_price: number, day = '02') {
  const start = new Date(at(hhmm, day)).getTime();
  return {
    interval_start_utc: at(hhmm, day),
    interval_end_utc: new Date(start + 300_000).toISOString().replace('.000Z', '+00:00'),
    shadow_price,
    contingency_gs_entity_id: 'k1',
    contingency_name: 'L345.12 Dresden-900',
  };
}

/** A binding constraint between two substations, binding 04:15–04:25 and 11:40–11:45 on Sep 2. */
export function bindingConstraint(over: Partial<BindingConstraintWithLocations> = {}): BindingConstraintWithLocations {
  return {
    constraint_gs_entity_id: 'c-1',
    constraint_name: 'DRESD-935 KEND 345 KV',
    market_id: 'pjm',
    dataset_id: 'pjm_marginal_value_real_time_5_min',
    peak_abs_shadow_price: 45.27,
    peak_interval_start_utc: at('04:15'),
    binding_interval_count: 3,
    start: { latitude: 41.39, longitude: -88.27, name: 'DRESD' },
    end: { latitude: 40.1, longitude: -84.0, name: 'KEND' },
    contingencies: [{ contingency_gs_entity_id: 'k1', contingency_name: 'L345.12 Dresden-900' }],
    observations: [observation('04:15', -45.27), observation('04:20', -40), observation('11:40', 3.44)],
    ...over,
  };
}

/** One piece of equipment between two stations (a point when `to` is null or the same place). */
export function equipment(over: Partial<OutageEquipment> = {}): OutageEquipment {
  return {
    zone: 'FE',
    facility_name: 'MANSFIEL 345 KV',
    equipment_type: 'LINE',
    station_1: 'MANSFIEL',
    station_2: 'SAMMIS',
    from_substation: { latitude: 40.6, longitude: -80.5, name: 'MANSFIEL' },
    to_substation: { latitude: 40.5, longitude: -80.7, name: 'SAMMIS' },
    voltage: 345,
    equipment_name: 'D42',
    switching_action: 'OPEN',
    interval_start_utc: at('00:00'),
    interval_end_utc: at('12:00'),
    ...over,
  };
}

/** An outage ticket out 2024-09-02 00:00 to 12:00 UTC. */
export function ticket(over: Partial<OutageTicket> = {}): OutageTicket {
  return {
    ticket: 9000001,
    status: 'Active',
    outage_type: 'Continuous',
    version_time_utc: at('00:00', '01'),
    current_interval_start_utc: at('00:00'),
    current_interval_end_utc: at('12:00'),
    causes: ['Maintenance'],
    equipment: [equipment()],
    is_synthetic: true,
    ...over,
  };
}
