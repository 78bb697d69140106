import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fail, ok } from '../../../shared/index.js';
import type { BindingConstraintWithLocations, GsError, OutageTicket, Result } from '../../../shared/index.js';
import { setLogSink } from '../common/logger.js';
import type { GetOptions, QueryValue, V1Proxy, WithMeta } from '../v1/proxy.js';
import { createRequestRegistry } from '../v1/requests.js';
import type { RequestRegistry } from '../v1/requests.js';
import { tempWorkspace } from '../workspace/test-support/helpers.js';
import type { Workspace, WorkspaceService } from '../workspace/index.js';
import { createOverlapService } from './service.js';
import type { OverlapServiceOptions } from './service.js';
import { constraint, outage, series, t } from './test-support/fixtures.js';
import type { LatLon } from './test-support/fixtures.js';

// The overlap verbs over a fake /v1 (bodies parsed with the verbs' own schemas) and a real workspace.

let ws: Workspace;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  setLogSink(() => undefined);
  ({ ws, cleanup } = await tempWorkspace());
});
afterAll(async () => {
  await cleanup();
  setLogSink();
});

const DS = 'pjm_marginal_value_real_time_5_min';
const WINDOW = { start: '2024-09-03T00:00:00Z', end: '2024-09-04T00:00:00Z' };
const HERE: LatLon = [40, -80];

function bindingBody(id: string, name: string, prices: number[]): BindingConstraintWithLocations {
  const c = constraint(id, HERE, [40.2, -80], series('10:00', 5, prices), name);
  const station = (p: typeof c.start) => (p ? { ...p, name: `${name} station` } : null);
  return {
    ...c,
    observations: c.observations.map((o) => ({ ...o, contingency_gs_entity_id: null, contingency_name: null })),
    start: station(c.start),
    end: station(c.end),
    market_id: 'pjm',
    dataset_id: DS,
    peak_interval_start_utc: t('10:00'),
    binding_interval_count: prices.length,
    contingencies: [],
  };
}

function ticketBody(ticket: number, os: string, oe: string, at: LatLon, status = 'Active'): OutageTicket {
  const o = outage(ticket, t(os), t(oe), [[at, null]]);
  const sub = (p: (typeof o.equipment)[number]['from_substation']) => (p ? { ...p, name: 'S' } : null);
  return {
    ...o,
    status,
    outage_type: 'Daily',
    version_time_utc: t('00:00'),
    causes: [],
    is_synthetic: ticket !== 724453,
    equipment: o.equipment.map((e) => ({
      zone: 'Z',
      facility_name: `LINE ${ticket}`,
      equipment_type: 'LINE',
      station_1: 'S',
      station_2: 'S',
      from_substation: sub(e.from_substation),
      to_substation: sub(e.to_substation),
      voltage: 138,
      equipment_name: `EQ-${ticket}`,
      switching_action: 'OPEN',
      interval_start_utc: t(os),
      interval_end_utc: t(oe),
    })),
  };
}

const BINDING = [bindingBody('c-1', 'Alpha 138 kV', [100, -200, 50]), bindingBody('c-2', 'Bravo 230 kV', [12])];
const TICKETS = [
  ticketBody(724453, '10:05', '12:00', HERE), // overlaps c-1's last two intervals and nothing of c-2
  ticketBody(9_000_001, '09:00', '10:05', [40.1, -80]), // c-1's first interval and c-2's
  ticketBody(9_000_002, '09:00', '10:05', [45, -80]), // ~530 km away
  ticketBody(9_000_003, '09:00', '12:00', HERE, 'Cancelled'), // would top the list, but never went out
];

interface Call {
  path: string;
  query: Record<string, QueryValue>;
}

/** A /v1 fake: answers by path; `failWith` fails every call; `hold` waits for the call's abort. */
function fakeProxy(opts: { failWith?: GsError; hold?: boolean; truncated?: boolean; afterFetch?: () => void } = {}) {
  const calls: Call[] = [];
  const proxy: Pick<V1Proxy, 'getWithMeta'> = {
    async getWithMeta<T>(path: string, query: Record<string, QueryValue>, schema: z.ZodType<T>, o: GetOptions = {}) {
      calls.push({ path, query });
      if (opts.hold) {
        await new Promise<void>((resolve) => o.signal?.addEventListener('abort', () => resolve(), { once: true }));
        return fail('cancelled', 'The request was cancelled.');
      }
      if (opts.failWith) return { ok: false, error: opts.failWith } as Result<WithMeta<T>>;
      opts.afterFetch?.();
      if (path === '/constraints/binding/locations') return ok({ body: schema.parse(BINDING), synthetic: ['start', 'end'] });
      if (path === '/outages/pjm/active') {
        // In the endpoint's order (current start, then ticket); `truncated` answers every page as cut.
        const tickets = [...TICKETS].sort(
          (a, b) => a.current_interval_start_utc.localeCompare(b.current_interval_start_utc) || a.ticket - b.ticket,
        );
        const body = { truncated: opts.truncated ?? false, tickets };
        return ok({ body: schema.parse(body), synthetic: ['tickets with is_synthetic=true', 'start'] });
      }
      if (path === '/constraints/c-9/location') {
        const body = { constraint_gs_entity_id: 'c-9', constraint_name: 'Quiet 69 kV', start: null, end: null };
        return ok({ body: schema.parse(body), synthetic: [] });
      }
      return fail('not_found', 'Not Found');
    },
  };
  return { proxy, calls };
}

function handlers(proxy: Pick<V1Proxy, 'getWithMeta'>, opts: { workspace?: boolean; requests?: RequestRegistry } = {}) {
  const workspace = { use: (work: (w: Workspace) => Promise<unknown>) => work(ws) } as unknown as WorkspaceService;
  const deps: OverlapServiceOptions = {
    proxy,
    requests: opts.requests ?? createRequestRegistry(),
    ...(opts.workspace === false ? {} : { workspace }),
  };
  const service = createOverlapService(deps);
  return { 'overlap:forConstraint': service.forConstraint, 'overlap:forOutage': service.forOutage };
}

const forConstraint = { datasetId: DS, market: 'pjm', constraintId: 'c-1', window: WINDOW, distanceKm: 50 };
const forOutage = { datasetId: DS, market: 'pjm', ticket: 9_000_001, window: WINDOW, distanceKm: 50 };

describe('overlap:forConstraint', () => {
  it('ranks the near outages that overlapped its binding intervals and says what is synthetic', async () => {
    const { proxy, calls } = fakeProxy({ truncated: true });
    const r = await handlers(proxy)['overlap:forConstraint'](forConstraint);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.constraint).toEqual({
      constraint_gs_entity_id: 'c-1',
      constraint_name: 'Alpha 138 kV',
      binding_interval_count: 3,
    });
    // 724453: (200 + 50) × 5/60 h; 9000001: 100 × 5/60 h; 9000002 is too far.
    expect(r.value.outages.map((o) => [o.ticket, o.overlapping_intervals])).toEqual([
      [724453, 2],
      [9_000_001, 1],
    ]);
    expect(r.value.outages[0]).toMatchObject({
      status: 'Active',
      outage_type: 'Daily',
      is_synthetic: false,
      interval_start_utc: t('10:05'),
      interval_end_utc: t('12:00'),
      distance_km: 0,
      equipment: ['EQ-724453'],
    });
    expect(r.value.outages[0]!.congestion_cost).toBeCloseTo(250 / 12, 10);
    expect(r.value.outages[1]!.distance_km).toBeCloseTo(11.119508, 5);
    expect(r.value).toMatchObject({ distanceKm: 50, truncated: true });
    expect(r.value.synthetic).toEqual(['start', 'end', 'tickets with is_synthetic=true']);
    const times = { start_time: WINDOW.start, end_time: WINDOW.end };
    // A cut page is followed from its last start; a page that brings nothing new ends the reading, cut.
    expect(calls).toEqual([
      { path: '/constraints/binding/locations', query: { dataset_id: DS, ...times, limit: 100_000 } },
      { path: '/outages/pjm/active', query: { ...times, limit: 10_000 } },
      { path: '/outages/pjm/active', query: { ...times, limit: 10_000, start_date: t('10:05') } },
    ]);
  });

  it('answers not_found naming a constraint that did not bind (its id when the name cannot be read)', async () => {
    const h = handlers(fakeProxy().proxy)['overlap:forConstraint'];
    expect(await h({ ...forConstraint, constraintId: 'c-9' })).toEqual(
      fail('not_found', `Quiet 69 kV did not bind in ${DS} between ${WINDOW.start} and ${WINDOW.end}.`),
    );
    expect(await h({ ...forConstraint, constraintId: 'c-404' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: expect.stringMatching(/^c-404 did not bind in /) },
    });
  });
});

describe('overlap:forOutage', () => {
  it('ranks the near constraints that bound while the ticket was out', async () => {
    const r = await handlers(fakeProxy().proxy)['overlap:forOutage'](forOutage);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.ticket?.ticket).toBe(9_000_001);
    // c-1: 100 × 5/60 ≈ 8.33; c-2: 12 × 5/60 = 1: both 11.1 km away.
    expect(r.value.constraints.map((c) => [c.constraint_name, c.overlapping_intervals, c.peak_abs_shadow_price])).toEqual([
      ['Alpha 138 kV', 1, 200],
      ['Bravo 230 kV', 1, 12],
    ]);
    expect(r.value).toMatchObject({ truncated: false, distanceKm: 50 });
  });

  it('answers an empty list for a cancelled ticket: it never took its equipment out', async () => {
    const r = await handlers(fakeProxy().proxy)['overlap:forOutage']({ ...forOutage, ticket: 9_000_003 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.ticket?.status).toBe('Cancelled');
    expect(r.value.constraints).toEqual([]);
  });

  it('answers not_found for a ticket not active in the window, saying when the list was cut', async () => {
    const h = (truncated: boolean) => handlers(fakeProxy({ truncated }).proxy)['overlap:forOutage']({ ...forOutage, ticket: 5 });
    expect(await h(false)).toEqual(
      fail('not_found', `Ticket 5 was not active in pjm between ${WINDOW.start} and ${WINDOW.end}.`),
    );
    expect(await h(true)).toMatchObject({ error: { message: expect.stringContaining('stopped at 100,000 tickets') } });
  });
});

describe('both verbs', () => {
  it('refuse a window that does not end after it starts, before any request', async () => {
    const { proxy, calls } = fakeProxy();
    const r = await handlers(proxy)['overlap:forOutage']({ ...forOutage, window: { start: WINDOW.end, end: WINDOW.end } });
    expect(r).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(calls).toEqual([]);
  });

  it('pass /v1 failures on; answer internal without a workspace', async () => {
    const limited: GsError = { code: 'rate_limited', message: 'Too many requests' };
    expect(await handlers(fakeProxy({ failWith: limited }).proxy)['overlap:forConstraint'](forConstraint)).toEqual({
      ok: false,
      error: limited,
    });
    const r = await handlers(fakeProxy().proxy, { workspace: false })['overlap:forOutage'](forOutage);
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('end cancelled on requests:cancel, on the caller leaving, and when it leaves during the DuckDB read', async () => {
    const requests = createRequestRegistry();
    const held = handlers(fakeProxy({ hold: true }).proxy, { requests })['overlap:forConstraint']({
      ...forConstraint,
      requestId: 'ov-1',
    });
    expect(requests.status(['ov-1'])).toHaveLength(1);
    expect(
      await handlers(fakeProxy().proxy, { requests })['overlap:forOutage']({ ...forOutage, requestId: 'ov-1' }),
    ).toMatchObject({
      error: { code: 'validation' },
    });
    expect(requests.cancel('ov-1')).toBe(true);
    expect(await held).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(requests.status(['ov-1'])).toEqual([]);

    const caller = new AbortController();
    const left = handlers(fakeProxy({ hold: true }).proxy)['overlap:forOutage'](forOutage, { signal: caller.signal });
    caller.abort();
    expect(await left).toMatchObject({ error: { code: 'cancelled' } });

    // The answers arrive, then the caller goes: the ranking query is not run.
    const late = new AbortController();
    const proxy = fakeProxy({ afterFetch: () => late.abort() }).proxy;
    expect(await handlers(proxy)['overlap:forConstraint'](forConstraint, { signal: late.signal })).toMatchObject({
      error: { code: 'cancelled' },
    });
  });
});
