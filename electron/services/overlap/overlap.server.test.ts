import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_KEY, startTestServer } from '../../../server/test-support/testing.js';
import type { BindingConstraintWithLocations, OutageTicket } from '../../../shared/index.js';
import { setLogSink } from '../common/logger.js';
import { createV1Proxy } from '../v1/proxy.js';
import type { V1Proxy } from '../v1/proxy.js';
import { tempWorkspace } from '../workspace/test-support/helpers.js';
import type { Workspace } from '../workspace/workspace.js';
import { overlapForConstraint, overlapForOutage } from './compute.js';
import { referenceOverlap } from './reference.js';
import type { OverlapPair } from './types.js';

/**
 * The overlap verbs' work against our real /v1 server on the embedded PJM data, compared with the
 * TypeScript reference run on the raw /v1 bodies (fetched here without the proxy).
 */

let server: Awaited<ReturnType<typeof startTestServer>>;
let origin: string;
let proxy: V1Proxy;
let ws: Workspace;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  setLogSink(() => undefined);
  server = await startTestServer();
  origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
  proxy = createV1Proxy({ resolveTarget: async () => ({ baseUrl: `${origin}/v1`, key: TEST_KEY, profile: 'embedded' }) });
  ({ ws, cleanup } = await tempWorkspace());
}, 120_000);
afterAll(async () => {
  await cleanup();
  await proxy.close();
  await server.close();
  setLogSink();
});

const WINDOW = { start: '2024-09-02T00:00:00Z', end: '2024-09-05T00:00:00Z' };
const DISTANCE_KM = 60;

async function raw<T>(path: string): Promise<{ body: T; synthetic: string | null }> {
  const res = await fetch(`${origin}/v1${path}`, { headers: { 'x-api-key': TEST_KEY } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return { body: (await res.json()) as T, synthetic: res.headers.get('x-gridscope-synthetic') };
}

async function rawInputs(datasetId: string) {
  const q = `start_time=${WINDOW.start}&end_time=${WINDOW.end}&limit=100000`;
  const binding = await raw<BindingConstraintWithLocations[]>(`/constraints/binding/locations?dataset_id=${datasetId}&${q}`);
  const outages = await raw<{ truncated: boolean; tickets: OutageTicket[] }>(`/outages/pjm/active?${q}`);
  return { constraints: binding.body, tickets: outages.body.tickets, headers: [binding.synthetic, outages.synthetic] };
}

type Ranked = Pick<OverlapPair, 'overlapping_intervals' | 'congestion_cost' | 'distance_km'>;

// Identity, order and counts exactly; km and $/MW to 1e-6 (DuckDB and V8 may differ in the last bits).
function expectSame<A extends Ranked, B extends Ranked>(
  actual: A[],
  expected: B[],
  idA: (a: A) => unknown,
  idB: (b: B) => unknown,
) {
  expect(actual.map((a) => [idA(a), a.overlapping_intervals])).toEqual(expected.map((b) => [idB(b), b.overlapping_intervals]));
  actual.forEach((a, i) => {
    expect(a.congestion_cost).toBeCloseTo(expected[i]!.congestion_cost, 6);
    expect(a.distance_km).toBeCloseTo(expected[i]!.distance_km, 6);
  });
}

describe.each(['pjm_marginal_value_day_ahead_hourly', 'pjm_marginal_value_real_time_5_min'])('overlap on %s', (datasetId) => {
  it('equals the reference computed from the raw /v1 answers, for a constraint and for an outage', async () => {
    const { constraints, tickets, headers } = await rawInputs(datasetId);
    expect(headers[0]).toBe('start,end');
    // Cancelled tickets never took equipment out: the rules leave them out (docs/overlap.md#inputs).
    const out = tickets.filter((t) => t.status !== 'Cancelled');
    expect(out.length).toBeLessThan(tickets.length);
    const all = referenceOverlap({ constraints, outages: out, distanceKm: DISTANCE_KM, ranking: 'outages' });
    // The constraint with the most overlapping outages, and the top outage of that list.
    const counts = new Map<string, number>();
    for (const p of all) counts.set(p.constraint_gs_entity_id, (counts.get(p.constraint_gs_entity_id) ?? 0) + 1);
    const [constraintId, n] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    expect(n).toBeGreaterThan(1);

    const call = { datasetId, market: 'pjm', window: WINDOW, distanceKm: DISTANCE_KM };
    const r = await overlapForConstraint({ proxy, workspace: ws }, { ...call, constraintId });
    if (!r.ok) throw new Error(r.error.message);
    const expected = all.filter((p) => p.constraint_gs_entity_id === constraintId);
    expectSame(
      r.value.outages,
      expected,
      (a) => a.ticket,
      (b) => b.ticket,
    );
    expect(r.value.synthetic).toEqual(expect.arrayContaining(['start', 'end', 'from_substation', 'to_substation']));
    expect(r.value.constraint.binding_interval_count).toBe(
      constraints.find((c) => c.constraint_gs_entity_id === constraintId)!.binding_interval_count,
    );

    // The allocation adds up to the constraint's cost in the window; no outage gets more than its congestion while out.
    const allocated = r.value.outages.reduce((s, o) => s + o.allocated_cost, 0);
    expect(allocated + r.value.unexplained_cost).toBeCloseTo(r.value.cost_in_window, 6);
    expect(allocated).toBeGreaterThan(0);
    for (const o of r.value.outages) expect(o.allocated_cost).toBeLessThanOrEqual(o.congestion_cost + 1e-9);
    const ticket = r.value.outages[0]!.ticket;
    const back = await overlapForOutage({ proxy, workspace: ws }, { ...call, ticket });
    if (!back.ok) throw new Error(back.error.message);
    const reverse = referenceOverlap({
      constraints,
      outages: tickets.filter((t) => t.ticket === ticket),
      distanceKm: DISTANCE_KM,
      ranking: 'constraints',
    });
    const id = (c: { constraint_gs_entity_id: string }) => c.constraint_gs_entity_id;
    expectSame(back.value.constraints, reverse, id, id);
    expect(back.value.constraints.map((c) => c.constraint_gs_entity_id)).toContain(constraintId);
    expect(back.value.ticket?.ticket).toBe(ticket);
  }, 120_000);
});
