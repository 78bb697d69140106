import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BindingConstraintWithLocations, OutageTicket } from '../../../shared/index.js';
import { tempWorkspace } from '../workspace/test-support/helpers.js';
import type { Workspace } from '../workspace/workspace.js';
import { equipmentColumns, runColumns, type Columns } from './sql.js';

let ws: Workspace;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ ws, cleanup } = await tempWorkspace());
});
afterAll(() => cleanup());

const at = (hhmm: string) => `2024-09-02T${hhmm}:00+00:00`;
const ms = (hhmm: string) => Date.parse(at(hhmm));
const obs = (from: string, to: string, shadow_price: number) => ({
  interval_start_utc: at(from),
  interval_end_utc: at(to),
  shadow_price,
  contingency_gs_entity_id: null,
  contingency_name: null,
});
const point = (name: string, latitude: number, longitude: number) => ({ name, latitude, longitude });
const constraint = (
  id: string,
  peak: number,
  observations: ReturnType<typeof obs>[],
  ends: Partial<BindingConstraintWithLocations> = {},
) =>
  ({
    constraint_gs_entity_id: id,
    constraint_name: `${id} 230 KV`,
    market_id: 'pjm',
    dataset_id: 'd',
    peak_abs_shadow_price: peak,
    peak_interval_start_utc: at('00:00'),
    binding_interval_count: observations.length,
    start: point('A', 40, -75),
    end: point('B', 40.5, -75.5),
    contingencies: [],
    observations,
    ...ends,
  }) as BindingConstraintWithLocations;

const rows = (c: Columns) =>
  Array.from({ length: Object.values(c)[0]!.length }, (_, i) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v[i]])));

describe('binding runs in DuckDB', () => {
  it('merge back-to-back, overlapping and out-of-order intervals; a gap starts a new run; peak and cost per run', async () => {
    const c1 = constraint('c1', 300, [
      obs('00:05', '00:10', -20),
      obs('00:00', '00:05', 10),
      obs('00:20', '00:25', -300),
      obs('00:15', '00:20', 5),
      obs('00:30', '01:30', 12),
      obs('00:40', '00:45', -40),
    ]);
    const c2 = constraint('c2', 50, [obs('00:00', '01:00', 50)], { start: null, end: point('Z', 41, -76) });
    const none = constraint('c3', 999, []);
    const out = rows(await ws.read((conn) => runColumns(conn, [c1, c2, none])));
    expect(out.map((r) => [r.constraint_gs_entity_id, r.start_ms, r.end_ms, r.interval_count])).toEqual([
      ['c1', ms('00:00'), ms('00:10'), 2],
      ['c1', ms('00:15'), ms('00:25'), 2],
      ['c1', ms('00:30'), ms('01:30'), 2],
      ['c2', ms('00:00'), ms('01:00'), 1],
    ]);
    expect(out.map((r) => r.peak_abs_shadow_price)).toEqual([20, 300, 40, 50]);
    expect(out.map((r) => r.constraint_peak_abs_shadow_price)).toEqual([300, 300, 300, 50]);
    const costs = out.map((r) => r.cost as number);
    expect(costs[0]).toBeCloseTo((10 + 20) / 12, 9);
    expect(costs[1]).toBeCloseTo((5 + 300) / 12, 9);
    expect(costs[2]).toBeCloseTo(12 + 40 / 12, 9);
    expect(out[0]).toMatchObject({
      start_name: 'A',
      end_name: 'B',
      start_lon: -75,
      start_lat: 40,
      end_lon: -75.5,
      end_lat: 40.5,
    });
    // A missing start takes the end's point; its name stays unknown.
    expect(out[3]).toMatchObject({ start_name: null, end_name: 'Z', start_lon: -76, start_lat: 41, end_lon: -76, end_lat: 41 });
  });
});

describe('outage equipment in DuckDB', () => {
  it('one row per piece, by the ticket start, then ticket, then its own order', async () => {
    const ticket = (n: number, start: string, names: string[]): OutageTicket => ({
      ticket: n,
      status: 'Active',
      outage_type: 'Continuous',
      version_time_utc: at('00:00'),
      current_interval_start_utc: at(start),
      current_interval_end_utc: at('23:00'),
      causes: [],
      is_synthetic: true,
      equipment: names.map((name, i) => ({
        zone: 'PPL',
        facility_name: name,
        equipment_type: 'BRKR',
        station_1: 'S',
        station_2: 'S',
        from_substation: i === 1 ? null : point('S', 40, -75),
        to_substation: i === 1 ? null : point('T', 40.1, -75.1),
        voltage: 230,
        equipment_name: name,
        switching_action: 'OPEN',
        interval_start_utc: at(start),
        interval_end_utc: at('23:00'),
      })),
    });
    const out = rows(
      equipmentColumns([ticket(9, '02:00', ['z1']), ticket(12, '01:00', ['b', 'a', 'c']), ticket(11, '01:00', ['x'])]),
    );
    expect(out.map((r) => [r.ticket, r.equipment_name])).toEqual([
      [11, 'x'],
      [12, 'b'],
      [12, 'a'],
      [12, 'c'],
      [9, 'z1'],
    ]);
    expect(out[1]).toMatchObject({
      start_ms: ms('01:00'),
      end_ms: ms('23:00'),
      from_name: 'S',
      to_name: 'T',
      to_lat: 40.1,
      voltage: 230,
    });
    expect(out[2]).toMatchObject({ from_name: null, to_name: null, from_lon: null, to_lat: null });
  });
});
