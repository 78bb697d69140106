import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/index.js';
import type { BindingWindowInfo, BoundConstraint, OutageTicket, Result, WatchTarget } from '../../../shared/index.js';
import type { WatchAnswers } from './answers.js';
import { lookAt } from './look.js';
import { lookWindows } from './windows.js';

// One look per kind of item on hand-made answers: which constraints weigh, how the cost is summed, which tickets are near.

const windows = lookWindows('pjm', 2, '2024-09-03');
const DATASET = { market: 'pjm', datasetId: 'pjm_rt' };

const bound = (id: string, cost: number): BoundConstraint =>
  ({ constraint_gs_entity_id: id, constraint_name: id, absolute_cost: cost }) as BoundConstraint;

const at = (latitude: number, longitude: number) => ({ latitude, longitude, name: 'S' });
const outage = (ticket: number, lat: number, lon: number, status = 'Approved'): OutageTicket =>
  ({
    ticket,
    status,
    outage_type: 'Planned',
    current_interval_start_utc: '2024-09-01T00:00:00Z',
    current_interval_end_utc: '2024-09-09T00:00:00Z',
    equipment: [{ facility_name: `F${ticket}`, from_substation: at(lat, lon), to_substation: null }],
  }) as unknown as OutageTicket;

const windowInfo = (fetchedAt: string) => ({ limitReached: false, synthetic: [], fetchedAt }) as unknown as BindingWindowInfo;

/** Answers where A, B and C bound now (costs 100, 50, 10) and A before (40); tickets at 0.1°, 1° and 5° north of (40, -75). */
function answers(overrides: Partial<WatchAnswers> = {}): WatchAnswers & { intervalIds: (readonly string[] | null)[] } {
  const intervalIds: (readonly string[] | null)[] = [];
  return {
    intervalIds,
    bound: async (_d, _m, w) =>
      ok(
        w.start === windows.window.start
          ? { window: windowInfo('2024-09-04T05:00:00Z'), constraints: [bound('A', 100), bound('B', 50), bound('C', 10)] }
          : { window: windowInfo('2024-09-04T04:30:00Z'), constraints: [bound('A', 40)] },
      ),
    intervals: async (_d, _m, _w, ids) => {
      intervalIds.push(ids);
      return ok(['2024-09-02T10:00:00Z', '2024-09-03T11:00:00Z']);
    },
    tickets: async () =>
      ok({ tickets: [outage(1, 40.1, -75), outage(2, 41, -75), outage(3, 45, -75)], truncated: false, synthetic: [] }),
    constraintPlace: async (id) =>
      ok({ constraint_gs_entity_id: id, constraint_name: id, start: at(40, -75), end: null, synthetic: ['start'] }),
    shiftFactors: async (id) =>
      ok({
        rows:
          id === 'SINK'
            ? [
                { constraint_gs_entity_id: 'A', estimated_shift_factor: 0.5, constraint: 'A' },
                { constraint_gs_entity_id: 'B', estimated_shift_factor: -0.2, constraint: 'B' },
              ]
            : id === 'SOURCE'
              ? [
                  { constraint_gs_entity_id: 'A', estimated_shift_factor: 0.1, constraint: 'A' },
                  { constraint_gs_entity_id: 'C', estimated_shift_factor: 0.3, constraint: 'C' },
                ]
              : [],
        synthetic: ['estimated_shift_factor'],
      }),
    bindingPlaces: async () =>
      ok({
        constraints: [
          { constraint_gs_entity_id: 'A', start: at(40, -75), end: null },
          { constraint_gs_entity_id: 'B', start: at(30, -90), end: at(31, -91) },
        ] as never,
        synthetic: [],
      }),
    ...overrides,
  };
}

async function value(target: WatchTarget, a = answers()) {
  const r = await lookAt(target, windows, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('a look at each kind of item', () => {
  it('the windows are whole market days: the last 2 ending Sep 3 (EDT) and the 2 before', () => {
    expect(windows).toEqual({
      window: { start: '2024-09-02T04:00:00Z', end: '2024-09-04T04:00:00Z' },
      previous: { start: '2024-08-31T04:00:00Z', end: '2024-09-02T04:00:00Z' },
    });
  });

  it('a constraint: its own absolute cost now and before, its intervals, tickets within its distance, nearest first', async () => {
    const a = answers();
    const l = await value(
      { kind: 'constraint', ...DATASET, name: 'A', address: '#/constraints/A', constraintId: 'A', distanceKm: 120 },
      a,
    );
    expect([l.cost, l.previousCost]).toEqual([100, 40]);
    expect(a.intervalIds).toEqual([['A']]);
    expect(l).toMatchObject({ bindingIntervals: 2, latestIntervalUtc: '2024-09-03T11:00:00Z', asOf: '2024-09-04T04:30:00Z' });
    expect(l.tickets.map((t) => t.ticket)).toEqual([1, 2]); // 11 km and 111 km; 556 km is not near
    expect(l.tickets[0]!.distance_km).toBeCloseTo(11.12, 1);
    expect(l.synthetic).toEqual(['start']);
  });

  it('a location: Σ shift factor × absolute cost over the constraints; its intervals are those of constraints that move it', async () => {
    const a = answers();
    const l = await value({ kind: 'location', ...DATASET, name: 'S', address: '#/locations/SINK', locationId: 'SINK' }, a);
    expect(l.cost).toBeCloseTo(0.5 * 100 - 0.2 * 50, 9);
    expect(l.previousCost).toBeCloseTo(0.5 * 40, 9);
    expect(a.intervalIds).toEqual([['A', 'B']]);
    expect(l.tickets).toEqual([]); // no coordinates: no ticket is near
  });

  it('a location without shift factors in the dataset has no cost (not 0)', async () => {
    const l = await value({ kind: 'location', ...DATASET, name: 'X', address: '#/locations/X', locationId: 'X' });
    expect([l.cost, l.previousCost]).toEqual([null, null]);
  });

  it('a path: sink minus source, per constraint', async () => {
    const a = answers();
    const l = await value(
      {
        kind: 'path',
        ...DATASET,
        name: 'P',
        address: '#/paths?source=SOURCE&sink=SINK',
        sourceId: 'SOURCE',
        sinkId: 'SINK',
        points: [{ latitude: 40, longitude: -75 }],
      },
      a,
    );
    expect(l.cost).toBeCloseTo((0.5 - 0.1) * 100 - 0.2 * 50 - 0.3 * 10, 9);
    expect(l.previousCost).toBeCloseTo((0.5 - 0.1) * 40, 9);
    expect(a.intervalIds).toEqual([['A', 'B', 'C']]);
    expect(l.tickets.map((t) => t.ticket)).toEqual([1]);
  });

  it('a map view: the constraints and tickets in its area; without an area, all of them', async () => {
    const area = { west: -76, south: 39, east: -74, north: 41.5 };
    const a = answers();
    const l = await value({ kind: 'map', ...DATASET, name: 'M', address: '#/map?x=1', area }, a);
    expect([l.cost, l.previousCost]).toEqual([100, 40]);
    expect(a.intervalIds).toEqual([['A']]);
    expect(l.tickets.map((t) => [t.ticket, t.distance_km])).toEqual([
      [1, null],
      [2, null],
    ]);
    const whole = await value({ kind: 'map', ...DATASET, name: 'M', address: '#/map', area: null });
    expect([whole.cost, whole.tickets.length]).toEqual([160, 3]);
  });

  it('the first answer that fails is the look’s error', async () => {
    const failing = answers({ tickets: async (): Promise<Result<never>> => fail('network', 'The /v1 server did not answer.') });
    const r = await lookAt(
      { kind: 'constraint', ...DATASET, name: 'A', address: '#/constraints/A', constraintId: 'A' },
      windows,
      failing,
    );
    expect(r).toEqual({ ok: false, error: { code: 'network', message: 'The /v1 server did not answer.' } });
  });
});
