import { tableFromIPC } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_KEY, startTestServer } from '../../../server/test-support/testing.js';
import type { BindingConstraintWithLocations, MapFeatures, OutageTicket, Result } from '../../../shared/index.js';
import { setLogSink } from '../common/logger.js';
import { createRequestRegistry } from '../v1/requests.js';
import { createV1Proxy } from '../v1/proxy.js';
import type { V1Proxy } from '../v1/proxy.js';
import { tempWorkspace } from '../workspace/test-support/helpers.js';
import type { Workspace } from '../workspace/workspace.js';
import { createMapAnswers } from './answers.js';
import { createMapService, type MapService } from './service.js';

/**
 * The map verbs against our real /v1 server on the embedded PJM data: the Arrow columns decoded with apache-arrow and
 * compared with the raw /v1 bodies (fetched here without the proxy), read in plain TypeScript; and the request budget.
 */

let server: Awaited<ReturnType<typeof startTestServer>>;
let origin: string;
let proxy: V1Proxy;
let ws: Workspace;
let cleanup: () => Promise<void>;
let map: MapService;

const DATASET = 'pjm_marginal_value_real_time_5_min';
const WINDOW = { start: '2024-09-02T00:00:00Z', end: '2024-09-04T00:00:00Z' };
const WIDE = { start: '2024-08-01T00:00:00Z', end: '2024-10-01T00:00:00Z' };

beforeAll(async () => {
  setLogSink(() => undefined);
  server = await startTestServer();
  origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
  proxy = createV1Proxy({ resolveTarget: async () => ({ baseUrl: `${origin}/v1`, key: TEST_KEY, profile: 'embedded' }) });
  ({ ws, cleanup } = await tempWorkspace());
  const answers = createMapAnswers({ proxy, identify: async () => 'embedded' });
  map = createMapService({ answers, requests: createRequestRegistry(), workspace: { use: (work) => work(ws) } });
}, 120_000);
afterAll(async () => {
  await cleanup();
  await proxy.close();
  await server.close();
  setLogSink();
});

async function raw<T>(path: string): Promise<T> {
  const res = await fetch(`${origin}/v1${path}`, { headers: { 'x-api-key': TEST_KEY } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

async function requestsUsed(): Promise<number> {
  return (await raw<{ current_period_usage: { total_requests: number } }>('/api_usage')).current_period_usage.total_requests;
}

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
const rows = (bytes: Uint8Array) =>
  tableFromIPC(bytes)
    .toArray()
    .map((r) => r.toJSON() as Record<string, unknown>);
const f32 = (x: number | null | undefined) => (x === null || x === undefined ? null : Math.fround(x));
const minutes = (iso: string, originMs: number, round: (x: number) => number) => round((Date.parse(iso) - originMs) / 60_000);

// Runs read in plain TypeScript: observations by start; one starting at or before the latest end extends the run.
function expectedRuns(constraints: BindingConstraintWithLocations[], originMs: number) {
  const out: Record<string, unknown>[] = [];
  const ranked = [...constraints].sort(
    (a, b) =>
      b.peak_abs_shadow_price - a.peak_abs_shadow_price || (a.constraint_gs_entity_id < b.constraint_gs_entity_id ? -1 : 1),
  );
  for (const c of ranked) {
    const spans = c.observations
      .map((o) => ({ s: Date.parse(o.interval_start_utc), e: Date.parse(o.interval_end_utc), p: Math.abs(o.shadow_price) }))
      .sort((a, b) => a.s - b.s || a.e - b.e);
    const runs: { s: number; e: number; peak: number; cost: number; n: number }[] = [];
    for (const o of spans) {
      const last = runs.at(-1);
      const cost = (o.p * (o.e - o.s)) / 3_600_000;
      if (last && o.s <= last.e)
        Object.assign(last, { e: Math.max(last.e, o.e), peak: Math.max(last.peak, o.p), cost: last.cost + cost, n: last.n + 1 });
      else runs.push({ s: o.s, e: o.e, peak: o.p, cost, n: 1 });
    }
    const [a, b] = [c.start ?? c.end, c.end ?? c.start];
    for (const r of runs)
      out.push({
        constraint_gs_entity_id: c.constraint_gs_entity_id,
        constraint_name: c.constraint_name,
        start_min: (r.s - originMs) / 60_000,
        end_min: (r.e - originMs) / 60_000,
        peak_abs_shadow_price: f32(r.peak),
        constraint_peak_abs_shadow_price: f32(c.peak_abs_shadow_price),
        cost: f32(r.cost),
        interval_count: r.n,
        start_name: c.start?.name ?? null,
        end_name: c.end?.name ?? null,
        start_lon: f32(a?.longitude),
        start_lat: f32(a?.latitude),
        end_lon: f32(b?.longitude),
        end_lat: f32(b?.latitude),
      });
  }
  return out;
}

function expectedEquipment(tickets: OutageTicket[], originMs: number) {
  return tickets
    .flatMap((t) => t.equipment.map((e, i) => ({ t, e, i })))
    .sort(
      (x, y) =>
        Date.parse(x.t.current_interval_start_utc) - Date.parse(y.t.current_interval_start_utc) ||
        x.t.ticket - y.t.ticket ||
        x.i - y.i,
    )
    .map(({ t, e }) => {
      const [a, b] = [e.from_substation ?? e.to_substation, e.to_substation ?? e.from_substation];
      return {
        ticket: t.ticket,
        outage_type: t.outage_type,
        status: t.status,
        is_synthetic: t.is_synthetic,
        equipment_name: e.equipment_name,
        equipment_type: e.equipment_type,
        voltage: f32(e.voltage),
        zone: e.zone,
        start_min: minutes(t.current_interval_start_utc, originMs, Math.floor),
        end_min: minutes(t.current_interval_end_utc, originMs, Math.ceil),
        from_name: e.from_substation?.name ?? null,
        to_name: e.to_substation?.name ?? null,
        from_lon: f32(a?.longitude),
        from_lat: f32(a?.latitude),
        to_lon: f32(b?.longitude),
        to_lat: f32(b?.latitude),
      };
    });
}

describe('map:features on the embedded data', () => {
  let features: MapFeatures;
  let constraints: BindingConstraintWithLocations[];
  let tickets: OutageTicket[];

  it('costs two /v1 requests; a selection afterwards costs none', async () => {
    const before = await requestsUsed();
    features = value(await map.features({ datasetId: DATASET, market: 'pjm', window: WINDOW, limit: 100 }));
    expect(await requestsUsed()).toBe(before + 2);
    const q = `start_time=${WINDOW.start}&end_time=${WINDOW.end}`;
    constraints = await raw(`/constraints/binding/locations?dataset_id=${DATASET}&${q}&limit=100`);
    tickets = (await raw<{ tickets: OutageTicket[] }>(`/outages/pjm/active?${q}&limit=100000`)).tickets;
    const counted = await requestsUsed();
    const id = constraints[0]!.constraint_gs_entity_id;
    const detail = value(await map.constraintDetail({ datasetId: DATASET, window: WINDOW, constraintId: id, limit: 100 }));
    expect(detail.constraint).toEqual(constraints[0]);
    expect(detail.synthetic).toEqual(['start', 'end']);
    const one = value(await map.ticket({ market: 'pjm', window: WINDOW, ticket: tickets[0]!.ticket }));
    expect(one.ticket).toEqual(tickets[0]);
    expect(await requestsUsed()).toBe(counted);
    expect(await map.ticket({ market: 'pjm', window: WINDOW, ticket: 1 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('every binding run round-trips through Arrow: the rows equal the runs read from the raw answer', () => {
    expect(features.originMs).toBe(Date.parse(WINDOW.start));
    expect(features.windowMinutes).toBe(2 * 24 * 60);
    const expected = expectedRuns(constraints, features.originMs);
    expect(expected.length).toBeGreaterThan(constraints.length - 1);
    // Costs are sums: DuckDB may add in another order than V8, so they agree to float32 precision, not bit for bit.
    const withoutCost = (r: Record<string, unknown>[]) => r.map(({ cost: _cost, ...rest }) => rest);
    const got = rows(features.runs);
    expect(withoutCost(got)).toEqual(withoutCost(expected));
    got.forEach((r, i) => expect(r.cost as number).toBeCloseTo(expected[i]!.cost as number, 3));
    expect(features.counts).toMatchObject({ constraints: constraints.length, runs: expected.length, unplacedConstraints: 0 });
  });

  it('every piece of equipment of the tickets not cancelled round-trips; the cancelled are counted, not sent', () => {
    const kept = tickets.filter((t) => t.status.toLowerCase() !== 'cancelled');
    expect(rows(features.equipment)).toEqual(expectedEquipment(kept, features.originMs));
    expect(features.counts).toMatchObject({ tickets: kept.length, cancelledTickets: tickets.length - kept.length });
    expect(features.synthetic.outages).toEqual(expect.arrayContaining(['from_substation', 'to_substation']));
  });

  it('includeCancelled sends the Cancelled tickets too', async () => {
    const q = `start_time=${WIDE.start}&end_time=${WIDE.end}&limit=100000`;
    const wide = (await raw<{ tickets: OutageTicket[] }>(`/outages/pjm/active?${q}`)).tickets;
    const cancelled = wide.filter((t) => t.status === 'Cancelled').map((t) => t.ticket);
    expect(cancelled.length).toBeGreaterThan(0);
    const without = value(await map.features({ datasetId: DATASET, market: 'pjm', window: WIDE }));
    const withAll = value(await map.features({ datasetId: DATASET, market: 'pjm', window: WIDE, includeCancelled: true }));
    const ticketsOf = (f: MapFeatures) => new Set(rows(f.equipment).map((r) => r.ticket as number));
    expect(cancelled.filter((t) => ticketsOf(without).has(t))).toEqual([]);
    expect(cancelled.every((t) => ticketsOf(withAll).has(t))).toBe(true);
    expect(without.counts.cancelledTickets).toBe(cancelled.length);
    expect(withAll.counts.cancelledTickets).toBe(0);
  });

  it('outages read in pages (start_date after the last ticket) are the one-request answer, request for request', async () => {
    const q = `start_time=${WIDE.start}&end_time=${WIDE.end}&limit=100000`;
    const whole = await raw<{ truncated: boolean; tickets: OutageTicket[] }>(`/outages/pjm/active?${q}`);
    const page = 7;
    expect(whole.tickets.length).toBeGreaterThan(3 * page);
    const paged = createMapAnswers({ proxy, identify: async () => null, outagePage: page });
    const before = await requestsUsed();
    const r = value(await paged.outages({ market: 'pjm', window: WIDE }, {}));
    const used = (await requestsUsed()) - before - 1;
    expect(r.body).toEqual({ truncated: false, tickets: whole.tickets });
    expect(used).toBeGreaterThanOrEqual(Math.ceil(whole.tickets.length / page));
  });

  it('a window that ends before it starts is refused before any request', async () => {
    const r = await map.features({ datasetId: DATASET, market: 'pjm', window: { start: WINDOW.end, end: WINDOW.start } });
    expect(r).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});
