import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { peakBucket } from '../../../shared/index.js';
import type { BoundConstraint } from '../../../shared/index.js';
import { startServicesOverEmbeddedV1 } from '../../test-support/servicesOverEmbeddedV1.js';
import type { ServicesOverEmbeddedV1 } from '../../test-support/servicesOverEmbeddedV1.js';
import { systemClock } from '../v1/retry.js';
import { MIN_WINDOW_LIFE_MS } from './store.js';

// The binding-window verbs through dispatch → services → the real embedded /v1 (in process), which records each URL;
// their sums are checked against /v1's own answers for the same rows.

const RT = 'pjm_marginal_value_real_time_5_min';
const SEPT = { start: '2024-09-02T00:00:00Z', end: '2024-09-04T00:00:00Z' };
const scope = { datasetId: RT, market: 'pjm', window: SEPT };

let v1: ServicesOverEmbeddedV1;
let later = 0; // ms the services' clock is ahead of the wall clock
const value: ServicesOverEmbeddedV1['value'] = (verb, input) => v1.value(verb, input);
const bindingRequests = () => v1.seen.filter((u) => u.pathname === '/v1/constraints/binding');

beforeAll(async () => {
  v1 = await startServicesOverEmbeddedV1('binding-window', {
    options: { clock: { now: () => Date.now() + later, sleep: (ms, s) => systemClock.sleep(ms, s) } },
  });
}, 120_000);
beforeEach(() => void v1.seen.splice(0));
afterAll(async () => v1.close());

const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-6);

describe('the binding window store', () => {
  it('asks /v1 once for the window, and every verb after that answers from the workspace', async () => {
    const all = await value('binding:constraints', scope);
    expect(bindingRequests().map((u) => Object.fromEntries(u.searchParams))).toEqual([
      { dataset_id: RT, start_time: SEPT.start, end_time: SEPT.end, limit: '100000' },
    ]);
    expect(all.window).toMatchObject({ datasetId: RT, ...SEPT, zone: 'US/Eastern', peak: 'all', limitReached: false });
    expect(all.window.rows).toBeGreaterThan(100);
    v1.seen.splice(0);
    await value('binding:contingencies', scope);
    await value('binding:series', { ...scope, constraintId: all.constraints[0]!.constraint_gs_entity_id });
    await value('binding:constraints', { ...scope, peak: 'on_peak' });
    expect(v1.seen).toEqual([]);
  });

  it('sums each constraint as /v1 does: its absolute cost, binding intervals, peak and first/last in the window', async () => {
    const { constraints } = await value('binding:constraints', scope);
    const list = await value('constraints:list', { costWindow: SEPT, limit: 1000 });
    const located = await value('constraints:bindingLocations', { datasetId: RT, window: SEPT, limit: 1000 });
    expect(constraints.length).toBe(located.constraints.length);
    for (const c of constraints) {
      close(c.absolute_cost, list.constraints.find((l) => l.gs_entity_id === c.constraint_gs_entity_id)!.rt_absolute_cost!);
      const b = located.constraints.find((l) => l.constraint_gs_entity_id === c.constraint_gs_entity_id)!;
      expect(c.binding_intervals).toBe(b.binding_interval_count);
      expect(c.peak_abs_shadow_price).toBe(b.peak_abs_shadow_price);
      expect(Date.parse(c.peak_interval_start_utc!)).toBe(Date.parse(b.peak_interval_start_utc));
      expect(Date.parse(c.first_binding_utc)).toBe(Date.parse(b.observations[0]!.interval_start_utc));
      expect(Date.parse(c.last_binding_utc)).toBe(Date.parse(b.observations.at(-1)!.interval_start_utc));
      expect(c.binding_hours).toBeCloseTo(b.binding_interval_count / 12, 9); // 5-minute intervals
      close(c.bucket_costs.on_peak + c.bucket_costs['2x16'] + c.bucket_costs['7x8'], c.absolute_cost);
    }
    // Largest cost first.
    const costs = constraints.map((c) => c.absolute_cost);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
  });

  it('the peak filters split the costs: on-peak + off-peak = all, and 2x16 + 7x8 = off-peak, per constraint', async () => {
    const by = async (peak: 'all' | 'on_peak' | 'off_peak' | '2x16' | '7x8') =>
      new Map(
        (await value('binding:constraints', { ...scope, peak })).constraints.map((c): [string, BoundConstraint] => [
          c.constraint_gs_entity_id!,
          c,
        ]),
      );
    const [all, on, off, day, night] = await Promise.all([by('all'), by('on_peak'), by('off_peak'), by('2x16'), by('7x8')]);
    expect(on.size).toBeGreaterThan(0);
    expect(off.size).toBeGreaterThan(0);
    const cost = (m: Map<string, BoundConstraint>, id: string) => m.get(id)?.absolute_cost ?? 0;
    for (const [id, c] of all) {
      close(cost(on, id) + cost(off, id), c.absolute_cost);
      close(cost(day, id) + cost(night, id), cost(off, id));
      close(cost(on, id), c.bucket_costs.on_peak);
    }
    // Sep 2, 2024 is Labor Day: its on-peak hours are 2x16, so every on-peak interval is on Sep 3 (EDT).
    for (const c of on.values()) expect(c.first_binding_utc >= '2024-09-03T11:00:00Z').toBe(true);
  });

  it('one constraint: its series is /v1’s observations, and its contingencies share out its peak intervals', async () => {
    const located = await value('constraints:bindingLocations', { datasetId: RT, window: SEPT, limit: 1000 });
    const b = [...located.constraints].sort((x, y) => y.contingencies.length - x.contingencies.length)[0]!;
    const id = b.constraint_gs_entity_id;
    const { points } = await value('binding:series', { ...scope, constraintId: id });
    expect(points.map((p) => [Date.parse(p.interval_start_utc), p.shadow_price, p.contingency_name])).toEqual(
      b.observations.map((o) => [Date.parse(o.interval_start_utc), o.shadow_price, o.contingency_name]),
    );
    const { contingencies } = await value('binding:contingencies', { ...scope, constraintId: id });
    expect(contingencies.map((k) => k.contingency_gs_entity_id).sort()).toEqual(
      b.contingencies.map((k) => k.contingency_gs_entity_id).sort(),
    );
    expect(contingencies.reduce((s, k) => s + k.peak_intervals!, 0)).toBe(b.binding_interval_count);
    expect(contingencies.every((k) => k.constraints === 1)).toBe(true);

    // The other way round: a contingency's view lists the constraints it bound, this one among them.
    const k = contingencies[0]!;
    const { constraints } = await value('binding:constraints', { ...scope, contingencyId: k.contingency_gs_entity_id });
    expect(constraints.map((c) => c.constraint_gs_entity_id)).toContain(id);
    close(
      constraints.find((c) => c.constraint_gs_entity_id === id)!.absolute_cost,
      k.absolute_cost - constraints.filter((c) => c.constraint_gs_entity_id !== id).reduce((s, c) => s + c.absolute_cost, 0),
    );
  });

  it('an on-peak series keeps only weekday 07:00–23:00 EPT intervals', async () => {
    const { constraints } = await value('binding:constraints', { ...scope, peak: 'on_peak' });
    const { points } = await value('binding:series', {
      ...scope,
      peak: 'on_peak',
      constraintId: constraints[0]!.constraint_gs_entity_id!,
    });
    expect(points.length).toBeGreaterThan(0);
    expect(points.every((p) => peakBucket(Date.parse(p.interval_start_utc), 'US/Eastern') === 'on_peak')).toBe(true);
  });

  it('a location’s constraint costs over all hours are /v1’s own, and its on- and off-peak costs add up to them', async () => {
    const { constraints } = await value('binding:constraints', scope);
    const sf = await value('constraints:shiftFactors', { constraintId: constraints[0]!.constraint_gs_entity_id });
    const locationId = [...sf.rows].sort((a, b) => Math.abs(b.estimated_shift_factor) - Math.abs(a.estimated_shift_factor))[0]!
      .location_gs_entity_id;
    for (const groupBy of ['constraint', 'constraint_contingency'] as const) {
      const theirs = await value('locations:constraintCosts', { locationId, datasetId: RT, window: SEPT, groupBy });
      const ours = await value('binding:locationCosts', { ...scope, locationId, groupBy });
      expect(ours.synthetic).toEqual(theirs.synthetic);
      expect(ours.rows.map((r) => [r.constraint_gs_entity_id, r.contingency_gs_entity_id])).toEqual(
        theirs.rows.map((r) => [r.constraint_gs_entity_id, r.contingency_gs_entity_id]),
      );
      ours.rows.forEach((r, i) => {
        const t = theirs.rows[i]!;
        expect(r.shift_factor).toBeCloseTo(t.shift_factor, 9);
        for (const k of ['absolute_cost', 'adjusted_cost'] as const)
          if (t[k] === null) expect(r[k]).toBeNull();
          else close(r[k]!, t[k]);
      });
      const total = async (peak: 'all' | 'on_peak' | 'off_peak') =>
        (await value('binding:locationCosts', { ...scope, peak, locationId, groupBy })).rows.reduce(
          (sum, r) => sum + (r.adjusted_cost ?? 0),
          0,
        );
      const [all, on, off] = [await total('all'), await total('on_peak'), await total('off_peak')];
      expect(Math.abs(all)).toBeGreaterThan(0);
      close(on + off, all);
    }
  });

  it('asks again once the window is older than its life, and after cache:clear', async () => {
    await value('binding:constraints', scope);
    expect(bindingRequests()).toHaveLength(0);
    later += MIN_WINDOW_LIFE_MS + 1000;
    // Two screens asking at once share the one request.
    await Promise.all([value('binding:contingencies', scope), value('binding:constraints', scope)]);
    expect(bindingRequests()).toHaveLength(1);
    await value('cache:clear', {});
    await value('binding:constraints', scope);
    expect(bindingRequests()).toHaveLength(2);
  });

  it('refuses an empty window before any request; /v1’s refusals pass through', async () => {
    const empty = await v1.call('binding:constraints', { ...scope, window: { start: SEPT.end, end: SEPT.start } });
    expect(empty).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(v1.seen).toEqual([]);
    const unknown = await v1.call('binding:constraints', { ...scope, datasetId: 'no_such_dataset' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
