import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  bindingRuns,
  constraintFeatures,
  locationFeatures,
  outageFeatures,
  outageMidpoints,
  segment,
} from './features.js';
import { bindingConstraint, equipment, observation, ticket } from '../../test-support/mapFixtures.js';

const ms = (iso: string) => Date.parse(iso);

describe('bindingRuns', () => {
  it('merges back-to-back intervals and keeps gaps apart, whatever the order', () => {
    const runs = bindingRuns([observation('11:40', 3.44), observation('04:20', -40), observation('04:15', -45.27)]);
    expect(runs).toEqual([
      {
        start_ms: ms('2024-09-02T04:15:00Z'),
        end_ms: ms('2024-09-02T04:25:00Z'),
        peak_abs_shadow_price: 45.27,
        interval_count: 2,
      },
      {
        start_ms: ms('2024-09-02T11:40:00Z'),
        end_ms: ms('2024-09-02T11:45:00Z'),
        peak_abs_shadow_price: 3.44,
        interval_count: 1,
      },
    ]);
  });

  it('absorbs an overlapping interval (hourly inside a 5-minute run) and skips unreadable times', () => {
    const hourly = { ...observation('04:00', 9), interval_end_utc: '2024-09-02T05:00:00+00:00' };
    const bad = { ...observation('06:00', 1), interval_start_utc: 'not a time' };
    expect(bindingRuns([hourly, observation('04:30', -12), bad])).toEqual([
      { start_ms: ms('2024-09-02T04:00:00Z'), end_ms: ms('2024-09-02T05:00:00Z'), peak_abs_shadow_price: 12, interval_count: 2 },
    ]);
  });
});

describe('constraintFeatures', () => {
  it('one line feature per binding run, with the constraint and run properties', () => {
    const { lines, points, unplaced } = constraintFeatures([bindingConstraint()]);
    expect(points.features).toHaveLength(0);
    expect(unplaced).toBe(0);
    expect(lines.features.map((f) => f.properties)).toEqual([
      {
        constraint_gs_entity_id: 'c-1',
        constraint_name: 'DRESD-935 KEND 345 KV',
        peak_abs_shadow_price: 45.27,
        run_peak_abs_shadow_price: 45.27,
        interval_count: 2,
        start_ms: ms('2024-09-02T04:15:00Z'),
        end_ms: ms('2024-09-02T04:25:00Z'),
      },
      expect.objectContaining({ run_peak_abs_shadow_price: 3.44, interval_count: 1 }),
    ]);
    expect(lines.features[0]!.geometry.coordinates).toEqual([
      [-88.27, 41.39],
      [-84.0, 40.1],
    ]);
  });

  it('a point when start = end or only one end is known; unplaced without coordinates', () => {
    const same = bindingConstraint({ constraint_gs_entity_id: 'same', end: bindingConstraint().start });
    const oneEnd = bindingConstraint({ constraint_gs_entity_id: 'one', start: null });
    const none = bindingConstraint({ constraint_gs_entity_id: 'none', start: null, end: null });
    const { lines, points, unplaced } = constraintFeatures([same, oneEnd, none]);
    expect(lines.features).toHaveLength(0);
    expect(points.features.map((f) => [f.properties.constraint_gs_entity_id, f.geometry.coordinates])).toEqual([
      ['same', [-88.27, 41.39]],
      ['same', [-88.27, 41.39]],
      ['one', [-84.0, 40.1]],
      ['one', [-84.0, 40.1]],
    ]);
    expect(unplaced).toBe(1);
  });

  it('segment: null without either end', () => expect(segment(null, null)).toBeNull());
});

describe('outageFeatures', () => {
  it('one feature per piece of equipment, timed by the ticket current interval', () => {
    const t = ticket({
      equipment: [
        equipment(),
        equipment({ equipment_type: 'BRKR', equipment_name: 'D43', to_substation: null }),
        equipment({ from_substation: null, to_substation: null }),
      ],
    });
    const { lines, points, unplaced } = outageFeatures([t]);
    expect(lines.features[0]!.properties).toEqual({
      ticket: 9000001,
      status: 'Active',
      outage_type: 'Continuous',
      is_synthetic: true,
      start_ms: ms('2024-09-02T00:00:00Z'),
      end_ms: ms('2024-09-02T12:00:00Z'),
      equipment_name: 'D42',
      equipment_type: 'LINE',
      voltage: 345,
    });
    expect(points.features.map((f) => f.properties.equipment_name)).toEqual(['D43']);
    expect(unplaced).toBe(1);
  });

  it('midpoints: lines at their middle, points as they are (the clustered source)', () => {
    const mids = outageMidpoints(outageFeatures([ticket({ equipment: [equipment(), equipment({ to_substation: null })] })]));
    expect(mids.features.map((f) => f.geometry.coordinates)).toEqual([
      [-80.6, 40.55],
      [-80.5, 40.6],
    ]);
  });
});

describe('locations and bounds', () => {
  it('pricing locations as points; bounds around every coordinate', () => {
    const locs = locationFeatures([
      { gs_entity_id: 'l1', name: 'WESTERN HUB', market_id: 'pjm', location_type: 'hub', latitude: 40, longitude: -79 },
      { gs_entity_id: 'l2', name: 'BAD', market_id: 'pjm', location_type: 'zone', latitude: NaN, longitude: 0 },
    ]);
    expect(locs.features).toHaveLength(1);
    const { lines } = constraintFeatures([bindingConstraint()]);
    expect(boundsOf(lines, locs)).toEqual([
      [-88.27, 40],
      [-79, 41.39],
    ]);
    expect(boundsOf({ type: 'FeatureCollection', features: [] })).toBeNull();
  });
});
