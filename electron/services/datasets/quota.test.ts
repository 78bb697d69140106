import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiUsage, QueryEstimate, QueryPage, Result } from '../../../shared/index.js';
import { dispatch } from '../verbs/dispatch.js';
import { createServices } from '../index.js';
import type { Services } from '../index.js';
import { createFileVault } from '../vault/keyVault.js';
import { setLogSink } from '../common/logger.js';

// What a Run costs on the real server's free plan, as its uncounted `/api_usage` reports: with the page loaded the estimate
// costs nothing and the query one request; an estimate without a cached dataset body costs one.

const ID = 'nyiso_zonal_load_5_min';
let services: Services;
let dirs: string[] = [];

async function call<T>(verb: string, input: unknown = {}): Promise<T> {
  const r = (await dispatch(services.handlers, verb, input)) as Result<T>;
  if (!r.ok) throw new Error(`${verb}: ${r.error.code}: ${r.error.message}`);
  return r.value;
}
const requestsUsed = async () => (await call<ApiUsage>('usage:get')).current_period_usage.total_requests;

beforeAll(async () => {
  setLogSink(() => undefined);
  dirs = [await mkdtemp(join(tmpdir(), 'gs-quota-config-')), await mkdtemp(join(tmpdir(), 'gs-quota-cache-'))];
  const [configDir, cacheDir] = dirs as [string, string];
  services = createServices({
    configDir,
    vault: createFileVault(configDir),
    host: 'web',
    versions: {},
    embedded: { cacheDir, plan: 'free' },
  });
});

afterAll(async () => {
  await services?.dispose();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  setLogSink();
});

describe('a Run on the free plan', () => {
  it('costs one request after the page loaded the dataset: the estimate none, the query one', { timeout: 30_000 }, async () => {
    const start = await requestsUsed();
    await call('datasets:get', { datasetId: ID });
    expect(await requestsUsed()).toBe(start + 1);
    const window = { datasetId: ID, startTime: '2017-11-23', endTime: '2017-11-24' };
    const estimate = await call<QueryEstimate>('datasets:estimate', window);
    expect(estimate.warnings).toEqual([]);
    expect(estimate.remainingMonthlyRows).not.toBeNull();
    // Estimating as the form changes (filter, resampling, zone) reads only the uncounted /api_usage.
    for (const change of [
      { filter: { column: 'zone', operator: '=', value: 'WEST' } },
      { resampleFrequency: '1h', timezone: 'market' },
      { resampleFrequency: '1d', resampleBy: ['zone', 'ptid'] },
    ])
      await call<QueryEstimate>('datasets:estimate', { ...window, ...change });
    expect(await requestsUsed()).toBe(start + 1);
    // The query may meet the 1 request/s limit (the dataset was read just now): a refused try is not counted.
    const page = await call<QueryPage>('datasets:query', { ...window, pageSize: 1000 });
    expect(page.rows.length).toBeGreaterThan(0);
    expect(await requestsUsed()).toBe(start + 2);
  });

  it(
    'an estimate without the dataset cached costs one request; a refused audit is remembered and named',
    { timeout: 30_000 },
    async () => {
      await call('cache:clear', {});
      const start = await requestsUsed();
      await call('datasets:estimate', { datasetId: ID });
      expect(await requestsUsed()).toBe(start + 1);
      const audit = (await dispatch(services.handlers, 'datasets:audit', { datasetId: ID })) as Result<unknown>;
      expect(audit).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      const used = await requestsUsed();
      const e = await call<QueryEstimate>('datasets:estimate', { datasetId: ID, startTime: '2017-11-23', endTime: '2017-11-24' });
      expect(await requestsUsed()).toBe(used);
      expect(e).toMatchObject({ upperBound: true });
      expect(e.basis).toContain('per-date counts (audit) are not available (your plan does not include them)');
    },
  );
});
