import { describe, expect, it } from 'vitest';
import type { OutageEquipment, OutageTicket } from '../../../shared/index.js';
import { filterTickets, outageFacets } from './filter.js';

const piece = (over: Partial<OutageEquipment>): OutageEquipment => ({
  zone: 'PECO',
  facility_name: 'LINE X',
  equipment_type: 'LINE',
  station_1: 'A',
  station_2: 'B',
  from_substation: null,
  to_substation: null,
  voltage: 230,
  equipment_name: 'A-B',
  switching_action: 'OPEN',
  interval_start_utc: '2024-09-01T00:00:00Z',
  interval_end_utc: '2024-09-05T00:00:00Z',
  ...over,
});
const ticket = (n: number, start: string, status: string, equipment: OutageEquipment[], type = 'Continuous'): OutageTicket => ({
  ticket: n,
  status,
  outage_type: type,
  version_time_utc: '2024-08-01T00:00:00Z',
  current_interval_start_utc: start,
  current_interval_end_utc: '2024-09-10T00:00:00Z',
  causes: [],
  equipment,
  is_synthetic: true,
});
const W = { start: '2024-09-02T04:00:00Z', end: '2024-09-04T04:00:00Z' };
const T = [
  ticket(1, '2024-09-01T00:00:00Z', 'Active', [piece({}), piece({ voltage: 69, zone: 'JCPL', equipment_type: 'BRKR' })]),
  ticket(2, '2024-09-02T04:00:00Z', 'Approved', [piece({ voltage: 345 })], 'Daily'),
  ticket(3, '2024-09-04T04:00:00Z', ' cancelled ', [piece({ voltage: 500, zone: 'DOM' })]),
];
const numbers = (ts: OutageTicket[]) => ts.map((t) => t.ticket);

describe('the outage filters', () => {
  it('keeps a ticket when any piece of its equipment matches, and every filter must hold', () => {
    expect(numbers(filterTickets(T, { zones: ['jcpl'] }, W))).toEqual([1]);
    expect(numbers(filterTickets(T, { voltageClasses: ['below_100', '300_399'] }, W))).toEqual([1, 2]);
    expect(numbers(filterTickets(T, { voltageClasses: ['below_100'], statuses: ['Approved'] }, W))).toEqual([]);
    expect(numbers(filterTickets(T, { statuses: ['CANCELLED'], outageTypes: [] }, W))).toEqual([3]);
  });

  it('starting in the window: the current start in [start, end), the end excluded', () => {
    expect(numbers(filterTickets(T, { within: 'starting' }, W))).toEqual([2]);
    expect(numbers(filterTickets(T, { within: 'active' }, W))).toEqual([1, 2, 3]);
  });

  it('offers each value once per ticket, counted, most frequent first; voltage classes low to high', () => {
    const f = outageFacets(T);
    expect(f.zones).toEqual([
      { value: 'PECO', count: 2 },
      { value: 'DOM', count: 1 },
      { value: 'JCPL', count: 1 },
    ]);
    expect(f.voltageClasses.map((v) => v.value)).toEqual(['below_100', '200_299', '300_399', '400_up']);
    expect(f.equipmentTypes).toEqual([
      { value: 'LINE', count: 3 },
      { value: 'BRKR', count: 1 },
    ]);
  });
});
