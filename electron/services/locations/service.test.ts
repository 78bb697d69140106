import { readdir, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServicesOverEmbeddedV1 } from '../../test-support/servicesOverEmbeddedV1.js';
import type { ServicesOverEmbeddedV1 } from '../../test-support/servicesOverEmbeddedV1.js';

// locations:list over the real embedded /v1: the union of the locations its constraints' shift factors name, built
// once, kept in the config folder and found again by a new services instance.

let v1: ServicesOverEmbeddedV1;
const forget = (): void => void v1.seen.splice(0);
const paths = (): string[] => v1.seen.map((u) => u.pathname);

beforeAll(async () => {
  v1 = await startServicesOverEmbeddedV1('locations');
}, 120_000);
beforeEach(forget);
afterAll(async () => v1.close());

/** The locations the shift factors of every PJM constraint name, read through the constraint verbs: id → name. */
async function unionOfShiftFactorLocations(): Promise<Map<string, string>> {
  const { constraints } = await v1.value('constraints:list', { markets: ['pjm'], limit: 100_000 });
  const union = new Map<string, string>();
  for (const c of constraints) {
    const { rows } = await v1.value('constraints:shiftFactors', { constraintId: c.gs_entity_id });
    for (const r of rows) union.set(r.location_gs_entity_id, r.location);
  }
  return union;
}

describe('locations:list on the embedded service', () => {
  it('is the union of the locations the shift factors of the market’s constraints name, read one constraint each', async () => {
    expect(await v1.value('locations:index', {})).toEqual({ state: 'idle', done: 0, total: 0, locations: 0, message: null });
    const pjm = await v1.value('locations:list', { market: 'pjm' });
    const built = paths();
    const constraints = built.filter((p) => /^\/v1\/constraints\/[^/]+\/shift-factors$/.test(p));
    expect(built).toEqual(['/v1/api_usage', '/v1/constraints', ...constraints]);
    expect(new Set(constraints).size).toBe(constraints.length);

    forget();
    const union = await unionOfShiftFactorLocations();
    expect(constraints).toHaveLength(paths().length - 1); // one shift-factor request per constraint of the list
    expect(new Map(pjm.map((l) => [l.gs_entity_id, l.name]))).toEqual(union);
    expect(pjm).toHaveLength(21);
    expect(pjm.map((l) => l.name)).toEqual(pjm.map((l) => l.name).sort());
    expect(await v1.value('locations:index', {})).toEqual({
      state: 'ready',
      done: constraints.length,
      total: constraints.length,
      locations: 21,
      message: null,
    });
  });

  it('joins the CommonGrid coordinates by market and name: 6 hubs and 15 zones, every one drawable', async () => {
    const pjm = await v1.value('locations:list', { market: 'pjm' });
    expect(paths()).toEqual([]); // built once
    expect(pjm.filter((l) => l.location_type === 'hub')).toHaveLength(6);
    expect(pjm.filter((l) => l.location_type === 'zone')).toHaveLength(15);
    expect(pjm.every((l) => l.market_id === 'pjm' && Number.isFinite(l.latitude) && Number.isFinite(l.longitude))).toBe(true);
    expect(pjm.find((l) => l.name === 'PJM Western Hub')).toMatchObject({ latitude: expect.any(Number), location_type: 'hub' });
  });

  it('filters by case-insensitive name substring and market, cuts at limit; markets without data offer nothing', async () => {
    const hubs = await v1.value('locations:list', { search: ' HuB ' });
    expect(hubs.map((l) => l.name)).toEqual([
      'AEP-Dayton Hub',
      'Chicago Hub',
      'Dominion Hub',
      'New Jersey Hub',
      'PJM Eastern Hub',
      'PJM Western Hub',
    ]);
    expect(await v1.value('locations:list', { search: 'hub', limit: 2 })).toEqual(hubs.slice(0, 2));
    const all = await v1.value('locations:list', {});
    expect(all).toHaveLength(21);
    expect(new Set(all.map((l) => l.market_id))).toEqual(new Set(['pjm']));
    for (const market of ['nyiso', 'caiso', 'ercot']) expect(await v1.value('locations:list', { market })).toEqual([]);
    expect(await v1.value('locations:list', { market: 'pjm', search: 'no such place' })).toEqual([]);
    expect(await v1.call('locations:list', { market: 'PJM' })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(paths()).toEqual([]);
  });

  it('every location offered has shift factors on the embedded service', async () => {
    for (const l of await v1.value('locations:list', {})) {
      const sf = await v1.value('locations:shiftFactors', { locationId: l.gs_entity_id });
      expect(sf.rows.length, l.name).toBeGreaterThan(0);
    }
  });

  it('a constraint list with no new constraint costs no request of the index', async () => {
    await v1.value('constraints:list', { limit: 100_000 });
    await v1.value('constraints:list', { search: 'a' });
    await new Promise((r) => setTimeout(r, 100));
    expect(paths()).toEqual(['/v1/constraints', '/v1/constraints']);
    expect((await v1.value('locations:index', {})).state).toBe('ready');
  });
});

describe('the index across restarts', () => {
  it('is kept in the config folder: a new run answers from it, and checks it against the live list once a day', async () => {
    const before = await v1.value('locations:list', {});
    const files = await readdir(join(v1.dir, 'locations'));
    expect(files).toEqual([expect.stringMatching(/^embedded-[0-9a-f]{16}\.json$/)]);

    await v1.services.dispose(); // the embedded service's DuckDB file is the next instance's
    const again = await startServicesOverEmbeddedV1('locations-again', { dir: v1.dir });
    try {
      // Written less than a day ago: this run's answer, without a request.
      expect(await again.value('locations:index', {})).toMatchObject({ state: 'ready', locations: 21 });
      expect(await again.value('locations:list', {})).toEqual(before);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(again.seen).toEqual([]);
    } finally {
      await again.close();
    }
    // Two days old: the run's check against the live constraint list runs in the background, no shift factor.
    const old = new Date(Date.now() - 2 * 86_400_000);
    await utimes(join(v1.dir, 'locations', files[0]!), old, old);
    const later = await startServicesOverEmbeddedV1('locations-later', { dir: v1.dir });
    try {
      expect(await later.value('locations:list', {})).toEqual(before);
      // The check settles first (CHECK_SETTLE_MS), so a screen opening with the run can be the check instead.
      await expect
        .poll(() => later.seen.map((u) => u.pathname), { timeout: 10_000 })
        .toEqual(['/v1/api_usage', '/v1/constraints']);
      await expect.poll(async () => (await later.value('locations:index', {})).state, { timeout: 20_000 }).toBe('ready');
      expect(await later.value('locations:index', {})).toMatchObject({ state: 'ready', locations: 21, message: null });
    } finally {
      await later.close();
    }
  }, 120_000);
});
