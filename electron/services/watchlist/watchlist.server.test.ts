import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServicesOverEmbeddedV1 } from '../../test-support/servicesOverEmbeddedV1.js';
import type { ServicesOverEmbeddedV1 } from '../../test-support/servicesOverEmbeddedV1.js';

// The watchlist verbs through dispatch → services → the real embedded /v1: a look's costs are the binding window's own
// sums, its answers are asked once per check and shared with the grid screens, and the items outlive a restart.

const RT = 'pjm_marginal_value_real_time_5_min';
const WINDOW = { start: '2024-09-02T04:00:00Z', end: '2024-09-04T04:00:00Z' }; // PJM market days Sep 2–3, 2024
const PREVIOUS = { start: '2024-08-31T04:00:00Z', end: '2024-09-02T04:00:00Z' };
const CHECK = { days: 2, lastDay: '2024-09-03' };

let v1: ServicesOverEmbeddedV1;
const paths = () => v1.seen.map((u) => u.pathname).filter((p) => p !== '/v1/api_usage');

beforeAll(async () => {
  v1 = await startServicesOverEmbeddedV1('watchlist');
}, 120_000);
afterAll(async () => v1.close());

describe('the watchlist over the embedded /v1', () => {
  it('looks at a constraint and a location with the binding window’s sums, asking each answer once', async () => {
    const { constraints } = await v1.value('binding:constraints', { datasetId: RT, market: 'pjm', window: WINDOW });
    const top = constraints[0]!;
    const id = top.constraint_gs_entity_id!;
    const { rows } = await v1.value('constraints:shiftFactors', { constraintId: id, datasetId: RT });
    const location = rows.find((r) => r.estimated_shift_factor !== 0)!;
    const common = { market: 'pjm', datasetId: RT };
    await v1.value('watchlist:add', {
      kind: 'constraint',
      ...common,
      name: top.constraint_name,
      constraintId: id,
      address: `#/constraints/${id}`,
    });
    await v1.value('watchlist:add', {
      kind: 'location',
      ...common,
      name: location.location,
      locationId: location.location_gs_entity_id,
      address: `#/locations/${location.location_gs_entity_id}`,
    });
    v1.seen.splice(0);

    const items = await v1.value('watchlist:check', CHECK);
    // The current window was already in the store; the previous one, the outages, the substations and the shift factors are new.
    expect(paths().sort()).toEqual(
      [
        '/v1/constraints/binding',
        `/v1/constraints/${id}/location`,
        `/v1/constraints/locations/${location.location_gs_entity_id}/shift-factors`,
        '/v1/outages/pjm/active',
      ].sort(),
    );
    const c = items.find((i) => i.target.kind === 'constraint')!.look!;
    expect(c.window).toEqual(WINDOW);
    expect(c.previous).toEqual(PREVIOUS);
    expect(c.changes.cost).toBeCloseTo(top.absolute_cost, 6);
    expect(c.changes.bindingIntervals).toBe(top.binding_intervals);
    expect(Date.parse(c.changes.latestIntervalUtc!)).toBe(Date.parse(top.last_binding_utc));
    const before = await v1.value('binding:constraints', { datasetId: RT, market: 'pjm', window: PREVIOUS });
    expect(c.changes.previousCost).toBeCloseTo(
      before.constraints.find((b) => b.constraint_gs_entity_id === id)?.absolute_cost ?? 0,
      6,
    );

    const sf = await v1.value('locations:shiftFactors', { locationId: location.location_gs_entity_id, datasetId: RT });
    const expected = constraints.reduce(
      (sum, b) =>
        sum +
        (sf.rows.find((r) => r.constraint_gs_entity_id === b.constraint_gs_entity_id)?.estimated_shift_factor ?? 0) *
          b.absolute_cost,
      0,
    );
    expect(items.find((i) => i.target.kind === 'location')!.look!.changes.cost).toBeCloseTo(expected, 6);

    // A second check within the answers' life asks nothing.
    v1.seen.splice(0);
    await v1.value('watchlist:check', CHECK);
    expect(paths()).toEqual([]);
  });

  it('keeps the items and their looks across a restart of the services', async () => {
    const before = await v1.value('watchlist:list', {});
    expect(before).toHaveLength(2);
    const dir = v1.dir;
    await v1.services.dispose();
    const again = await startServicesOverEmbeddedV1('watchlist', { dir });
    try {
      const after = await again.value('watchlist:list', {});
      expect(after.map((i) => [i.id, i.name, i.look?.changes.cost])).toEqual(
        before.map((i) => [i.id, i.name, i.look?.changes.cost]),
      );
    } finally {
      await again.close();
    }
  });
});
