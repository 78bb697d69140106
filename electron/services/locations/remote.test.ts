import { cp, readdir, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiUsage, Result } from '../../../shared/index.js';
import { usage } from '../../../shared/test-support/fixtures.js';
import { startServicesOverEmbeddedV1 } from '../../test-support/servicesOverEmbeddedV1.js';
import type { ServicesOverEmbeddedV1 } from '../../test-support/servicesOverEmbeddedV1.js';
import { startServicesOverUpstream } from '../../test-support/servicesOverUpstream.js';
import type { ServicesOverUpstream } from '../../test-support/servicesOverUpstream.js';
import { dispatch } from '../verbs/dispatch.js';
import { startConstraintsV1 } from './test-support/constraintsV1.js';
import type { ConstraintsV1, FakeConstraint } from './test-support/constraintsV1.js';

// locations:list on a /v1 other than the embedded one: the Remote profile's own answers, a refresh when the constraint
// list changes, and pacing under a plan's rate limit.

const C1: FakeConstraint = {
  id: 'c-1',
  market: 'pjm',
  locations: [
    ['r-west', 'PJM Western Hub'],
    ['r-odd', 'Mystery Node'],
  ],
};
const C2: FakeConstraint = { id: 'c-2', market: 'ercot', locations: [['r-houston', 'ERCOT Houston Hub']] };
const C3: FakeConstraint = {
  id: 'c-3',
  market: 'pjm',
  locations: [
    ['r-nj', 'New Jersey Hub'],
    ['r-west', 'PJM Western Hub'],
  ],
};
const C4: FakeConstraint = { id: 'c-4', market: 'pjm', locations: [['r-bge', 'BGE Zone']] };
const names = (list: { name: string }[]): string[] => list.map((l) => l.name);

describe('the Remote profile', () => {
  let v1: ServicesOverEmbeddedV1;
  let remote: ConstraintsV1;
  beforeAll(async () => {
    v1 = await startServicesOverEmbeddedV1('locations-remote');
    remote = await startConstraintsV1();
    remote.setConstraints([C1, C2]);
  }, 120_000);
  afterAll(async () => {
    await v1.close();
    await remote.close();
  });

  it('offers the locations its own /v1 names, never the embedded service’s, each in its constraint’s market', async () => {
    const embedded = await v1.value('locations:list', {});
    expect(embedded).toHaveLength(21);
    await v1.value('profiles:setActive', { profile: 'remote' });
    await v1.value('profiles:setRemoteUrl', { baseUrl: `${remote.up.origin}/v1` });
    await v1.value('keys:set', { profile: 'remote', key: 'remote-locations-key-0001' });
    v1.seen.splice(0);

    const list = await v1.value('locations:list', {});
    expect(list).toEqual([
      {
        gs_entity_id: 'r-houston',
        name: 'ERCOT Houston Hub',
        market_id: 'ercot',
        location_type: 'hub',
        latitude: 29.76,
        longitude: -95.37,
      },
      { gs_entity_id: 'r-odd', name: 'Mystery Node', market_id: 'pjm', location_type: null, latitude: null, longitude: null },
      {
        gs_entity_id: 'r-west',
        name: 'PJM Western Hub',
        market_id: 'pjm',
        location_type: 'hub',
        latitude: expect.any(Number),
        longitude: expect.any(Number),
      },
    ]);
    expect(list.some((l) => embedded.some((e) => e.gs_entity_id === l.gs_entity_id))).toBe(false);
    expect(remote.shiftFactorCalls()).toEqual({ 'c-1': 1, 'c-2': 1 });
    expect(v1.seen).toEqual([]); // nothing asked of the embedded service

    // Back on the embedded profile: its own index, from memory.
    await v1.value('profiles:setActive', { profile: 'embedded' });
    expect(await v1.value('locations:list', {})).toEqual(embedded);
    expect(v1.seen.filter((u) => u.pathname.endsWith('/shift-factors'))).toEqual([]);
    await v1.value('profiles:setActive', { profile: 'remote' });
  });

  it('is refreshed when a constraint list differs: new constraints are read, gone ones forgotten, known ones not asked again', async () => {
    remote.setConstraints([C1, C3]);
    await v1.value('constraints:list', {}); // the whole list: C2 gone, C3 new
    // The constraint list starts no request of the index (a constraint screen stays within its budget)…
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(remote.shiftFactorCalls()).toEqual({ 'c-1': 1, 'c-2': 1 });
    // …the next screen that lists locations does, answered from the kept index meanwhile.
    expect(names(await v1.value('locations:list', {}))).toEqual(['ERCOT Houston Hub', 'Mystery Node', 'PJM Western Hub']);
    await expect
      .poll(async () => names(await v1.value('locations:list', {})), { timeout: 20_000 })
      .toEqual(['Mystery Node', 'New Jersey Hub', 'PJM Western Hub']);
    expect(remote.shiftFactorCalls()).toEqual({ 'c-1': 1, 'c-2': 1, 'c-3': 1 });

    // A filtered list can only show additions: a constraint the index has not read. Meanwhile the kept list is answered.
    remote.setConstraints([C1, C3, C4]);
    const release = remote.hold('c-4');
    await v1.value('constraints:list', { search: 'Line' });
    await v1.value('locations:list', {});
    await expect.poll(() => remote.shiftFactorCalls()['c-4'], { timeout: 20_000 }).toBe(1);
    expect(await v1.value('locations:index', {})).toMatchObject({ state: 'building', done: 2, total: 3 });
    expect(names(await v1.value('locations:list', { market: 'pjm' }))).toEqual([
      'Mystery Node',
      'New Jersey Hub',
      'PJM Western Hub',
    ]);
    release();
    await expect
      .poll(async () => names(await v1.value('locations:list', { market: 'pjm' })), { timeout: 20_000 })
      .toContain('BGE Zone');
    expect(remote.shiftFactorCalls()).toEqual({ 'c-1': 1, 'c-2': 1, 'c-3': 1, 'c-4': 1 });
    await expect
      .poll(() => v1.value('locations:index', {}), { timeout: 20_000 })
      .toEqual({ state: 'ready', done: 3, total: 3, locations: 4, message: null });
  }, 60_000);
});

describe('pacing under a plan’s rate limit', () => {
  let s: ServicesOverUpstream | undefined;
  let fake: ConstraintsV1 | undefined;
  afterEach(async () => {
    await s?.close(); // closes `fake`'s upstream too
  });

  // The free plan's numbers (docs/plans.md): 1 request/s, 30/min, 600/h, 250 a month.
  const free = (used = 0): Partial<ApiUsage> => ({
    plan_name: 'free',
    limits: {
      ...usage().limits,
      api_requests_limit: 250,
      per_second_api_rate_limit: 1,
      per_minute_api_rate_limit: 30,
      per_hour_api_rate_limit: 600,
    },
    current_period_usage: { total_requests: used, total_api_rows_returned: 0 },
  });

  /** Services whose embedded profile is `fake` (one attempt per request: a 429 would fail the call). */
  async function over(plan: Partial<ApiUsage>): Promise<{ call: (verb: string, input: unknown) => Promise<Result<unknown>> }> {
    fake = await startConstraintsV1({ plan, onePerSecond: true });
    fake.setConstraints([C1, C2, C3]);
    s = await startServicesOverUpstream('locations-paced', { maxAttempts: 1 }, fake.up);
    return { call: (verb, input) => dispatch(s!.services.handlers, verb, input) as Promise<Result<unknown>> };
  }

  it('on the free plan a screen opening during the build is answered first and nothing is refused', async () => {
    const { call } = await over(free());
    const [list, screen] = await Promise.all([call('locations:list', {}), call('constraints:list', {})]);
    expect(screen).toMatchObject({ ok: true });
    expect(list).toMatchObject({ ok: true, value: expect.any(Array) });
    expect(names((list as { value: { name: string }[] }).value)).toEqual([
      'ERCOT Houston Hub',
      'Mystery Node',
      'New Jersey Hub',
      'PJM Western Hub',
    ]);
    expect(fake!.refused()).toBe(0);
    // The screen's list first, then the index's list and its three constraints, never two within a second.
    expect(fake!.counted.map((c) => c.path)).toEqual([
      '/v1/constraints',
      '/v1/constraints',
      '/v1/constraints/c-1/shift-factors',
      '/v1/constraints/c-2/shift-factors',
      '/v1/constraints/c-3/shift-factors',
    ]);
    const gaps = fake!.counted.slice(1).map((c, i) => c.at - fake!.counted[i]!.at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
  }, 30_000);

  it('a whole constraint list a screen asks for first is this run’s check of a kept index: no request of its own', async () => {
    const { call } = await over(free());
    expect(await call('locations:list', {})).toMatchObject({ ok: true });
    // A new run over the same server, the kept index in its config folder.
    const again = await startServicesOverUpstream('locations-kept', { maxAttempts: 1 }, fake!.up);
    try {
      await cp(join(s!.dir, 'locations'), join(again.dir, 'locations'), { recursive: true });
      // Kept two days: this run's check is due.
      const old = new Date(Date.now() - 2 * 86_400_000);
      for (const f of await readdir(join(again.dir, 'locations'))) await utimes(join(again.dir, 'locations', f), old, old);
      const before = fake!.counted.length;
      await new Promise((resolve) => setTimeout(resolve, 1200)); // the first run's last request leaves the server's second
      const call2 = (verb: string, input: unknown) => dispatch(again.services.handlers, verb, input) as Promise<Result<unknown>>;
      const [list, screen] = await Promise.all([call2('locations:list', {}), call2('constraints:list', {})]);
      expect(list).toMatchObject({ ok: true });
      expect(screen).toMatchObject({ ok: true });
      // Once the check's run ended (it settles, then waits a quiet second after the screen's request): still only the
      // screen's list.
      await vi.waitFor(
        async () => expect(await call2('locations:index', {})).toMatchObject({ ok: true, value: { state: 'ready' } }),
        { timeout: 10_000, interval: 200 },
      );
      expect(fake!.counted.slice(before).map((c) => c.path)).toEqual(['/v1/constraints']);
      expect(await call2('locations:index', {})).toMatchObject({ ok: true, value: { state: 'ready', done: 3, total: 3 } });
    } finally {
      await again.services.dispose();
    }
  }, 30_000);

  it('a whole constraint list answered before any screen listed locations is the check too', async () => {
    const { call } = await over(free());
    expect(await call('locations:list', {})).toMatchObject({ ok: true });
    const again = await startServicesOverUpstream('locations-kept-first', { maxAttempts: 1 }, fake!.up);
    try {
      await cp(join(s!.dir, 'locations'), join(again.dir, 'locations'), { recursive: true });
      const old = new Date(Date.now() - 2 * 86_400_000);
      for (const f of await readdir(join(again.dir, 'locations'))) await utimes(join(again.dir, 'locations', f), old, old);
      const before = fake!.counted.length;
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const call2 = (verb: string, input: unknown) => dispatch(again.services.handlers, verb, input) as Promise<Result<unknown>>;
      expect(await call2('constraints:list', {})).toMatchObject({ ok: true });
      // The list is noticed after its answer; the index's file is read meanwhile.
      await vi.waitFor(async () => expect(await call2('locations:list', {})).toMatchObject({ ok: true }), { timeout: 5000 });
      await vi.waitFor(
        async () => expect(await call2('locations:index', {})).toMatchObject({ ok: true, value: { state: 'ready' } }),
        { timeout: 10_000, interval: 200 },
      );
      expect(fake!.counted.slice(before).map((c) => c.path)).toEqual(['/v1/constraints']);
    } finally {
      await again.services.dispose();
    }
  }, 30_000);

  it('refuses to start a build the month’s requests left cannot finish, naming them', async () => {
    const { call } = await over(free(248));
    const r = await call('locations:list', {});
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'rate_limited',
        message:
          'Finding the locations with data takes 3 requests (one per constraint), more than the 1 left this month on the free plan.',
      },
    });
    expect(fake!.shiftFactorCalls()).toEqual({});
    expect(await call('locations:index', {})).toMatchObject({ ok: true, value: { state: 'failed', done: 0, total: 3 } });
  }, 30_000);
});
