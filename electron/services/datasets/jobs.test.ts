import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { fail, ok } from '../../../shared/index.js';
import type { GsError, Result } from '../../../shared/index.js';
import { dataset, usage } from '../../../shared/test-support/fixtures.js';
import { fakeV1Factory, sendJson, startUpstream } from '../../test-support/upstream.js';
import type { Upstream } from '../../test-support/upstream.js';
import { dispatch } from '../verbs/dispatch.js';
import type { Domains } from '../verbs/handlers.js';
import { createHandlers } from '../verbs/routes.js';
import { createServices } from '../index.js';
import type { Services } from '../index.js';
import type { FinishedJob } from '../common/jobs.js';
import { LONG_JOB_MS } from '../common/jobs.js';
import { createFileVault } from '../vault/keyVault.js';
import { setLogSink } from '../common/logger.js';
import type { V1Proxy } from '../v1/proxy.js';
import { createDatasetService } from './service.js';
import type { DatasetServiceOptions } from './service.js';
import { createRequestRegistry } from '../v1/requests.js';
import type { Clock } from '../v1/retry.js';

// Long data calls report their end (`onJobFinished`); fake /v1 answers "take" time by moving the injected clock.

const ID = 'pjm_lmp_day_ahead_hourly';
const T0 = Date.parse('2026-11-20T10:00:00Z');
const meta = { page: null, limit: null, page_size: null, hasNextPage: null, cursor: null };
const queryBody = {
  data: [
    ['interval_start_utc', 'lmp'],
    ['2024-01-01T00:00:00Z', 21.5],
  ],
  meta: { hasNextPage: true, cursor: 'next' },
  dataset_metadata: { data_timezone: 'UTC' },
};
const detailBody = {
  ...dataset(ID),
  data_timezone: 'UTC',
  status_code: 200,
  data: [],
  meta,
  dataset_metadata: { ...dataset(ID), data_timezone: 'UTC' },
};

/** A proxy whose every GET takes `takesMs` of the fake clock and answers by path (or `failWith`). */
function fakeProxy(clock: { t: number }, opts: { takesMs: number; failWith?: GsError; waitForAbort?: boolean }): V1Proxy {
  return {
    async get<T>(path: string, _q: unknown, schema: z.ZodType<T>, o: { signal?: AbortSignal } = {}): Promise<Result<T>> {
      clock.t += opts.takesMs;
      if (opts.waitForAbort) {
        await new Promise<void>((resolve) => o.signal?.addEventListener('abort', () => resolve(), { once: true }));
        return fail('cancelled', 'The request was cancelled.');
      }
      if (opts.failWith) return { ok: false, error: opts.failWith };
      const body = path.endsWith('/query')
        ? queryBody
        : path === '/api_usage'
          ? usage()
          : path === `/datasets/${ID}`
            ? detailBody
            : undefined;
      if (body === undefined) return fail('not_found', `Not found: ${path}`, 404);
      return ok(schema.parse(body));
    },
    getWithMeta: () => Promise.reject(new Error('not used')),
    open: () => Promise.reject(new Error('not used')),
    close: async () => undefined,
  };
}

function make(takesMs: number, extra: Partial<DatasetServiceOptions> & { failWith?: GsError; waitForAbort?: boolean } = {}) {
  const clock = { t: T0 };
  const now = () => clock.t;
  const jobs: FinishedJob[] = [];
  const requests = createRequestRegistry(now);
  const { failWith, waitForAbort, ...deps } = extra;
  const datasets = createDatasetService({
    proxy: fakeProxy(clock, { takesMs, ...(failWith ? { failWith } : {}), ...(waitForAbort ? { waitForAbort } : {}) }),
    requests,
    onJobFinished: (job) => void jobs.push(job),
    now,
    ...deps,
  });
  // Only the catalogue verbs are called here.
  const handlers = createHandlers({ datasets, requests } as Partial<Domains> as Domains);
  return { handlers, jobs, requests, clock };
}

beforeEach(() => setLogSink(() => undefined));
afterEach(() => setLogSink());

describe('long jobs: datasets:query and datasets:estimate report their end', () => {
  it('a query of 12 s reports "completed" with its rows; one of 3 s stays silent', async () => {
    const slow = make(12_000);
    expect(await dispatch(slow.handlers, 'datasets:query', { datasetId: ID })).toMatchObject({
      ok: true,
      value: { rows: [['2024-01-01T00:00:00Z', 21.5]] },
    });
    expect(slow.jobs).toEqual([{ name: `Query of ${ID}`, state: 'completed', startedAt: T0, detail: '1 row, more available' }]);

    const quick = make(3_000);
    expect(await dispatch(quick.handlers, 'datasets:query', { datasetId: ID })).toMatchObject({ ok: true });
    expect(quick.jobs).toEqual([]);
  });

  it('the threshold is LONG_JOB_MS (10 s) unless set: exactly 10 s counts, 9.999 s does not', async () => {
    expect(LONG_JOB_MS).toBe(10_000);
    const at = make(10_000);
    await dispatch(at.handlers, 'datasets:query', { datasetId: ID });
    expect(at.jobs).toHaveLength(1);
    const under = make(9_999);
    await dispatch(under.handlers, 'datasets:query', { datasetId: ID });
    expect(under.jobs).toHaveLength(0);
    const custom = make(2_000, { longJobMs: 1_000 });
    await dispatch(custom.handlers, 'datasets:query', { datasetId: ID });
    expect(custom.jobs).toHaveLength(1);
  });

  it('an estimate of 2 requests (the dataset, not cached here, and the usage) × 5 s reports "completed" with its row estimate', async () => {
    const { handlers, jobs } = make(5_000);
    const r = await dispatch(handlers, 'datasets:estimate', { datasetId: ID, startTime: '2024-02-01', endTime: '2024-02-02' });
    expect(r).toMatchObject({ ok: true, value: { estimatedRows: 10 } });
    expect(jobs).toEqual([{ name: `Estimate of ${ID}`, state: 'completed', startedAt: T0, detail: '≈ 10 rows' }]);
  });

  it('a failed long query reports "failed" with the error message; a cancelled one "cancelled"', async () => {
    const failed = make(30_000, { failWith: { code: 'network', message: 'Gave up after 4 attempts over 30 s: HTTP 503' } });
    expect(await dispatch(failed.handlers, 'datasets:query', { datasetId: ID })).toMatchObject({
      ok: false,
      error: { code: 'network' },
    });
    expect(failed.jobs).toEqual([
      { name: `Query of ${ID}`, state: 'failed', startedAt: T0, detail: 'Gave up after 4 attempts over 30 s: HTTP 503' },
    ]);

    const cancelled = make(15_000, { waitForAbort: true });
    const pending = dispatch(cancelled.handlers, 'datasets:query', { datasetId: ID, requestId: 'q-1' });
    await vi.waitFor(() => expect(cancelled.clock.t).toBe(T0 + 15_000));
    expect(cancelled.requests.cancel('q-1')).toBe(true);
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(cancelled.jobs).toMatchObject([{ name: `Query of ${ID}`, state: 'cancelled' }]);
  });

  it('other data verbs never report, however long', async () => {
    const { handlers, jobs } = make(60_000);
    await dispatch(handlers, 'datasets:get', { datasetId: ID });
    await dispatch(handlers, 'usage:get', {});
    expect(jobs).toEqual([]);
  });

  it('a throwing onJobFinished does not change the answer', async () => {
    const { handlers } = make(12_000, {
      onJobFinished: () => {
        throw new Error('notification centre unavailable');
      },
    });
    expect(await dispatch(handlers, 'datasets:query', { datasetId: ID })).toMatchObject({
      ok: true,
      value: { hasNextPage: true, cursor: 'next' },
    });
  });
});

describe('long jobs through createServices (onJobFinished + clock wiring)', () => {
  let dir: string;
  let up: Upstream;
  let services: Services;
  let t = T0;
  const jobs: FinishedJob[] = [];
  const clock: Clock = { now: () => t, sleep: () => Promise.resolve() };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-jobs-'));
    up = await startUpstream({
      [`/v1/datasets/${ID}/query`]: (_q, res) => {
        t += 20_000; // the query "takes" 20 s
        sendJson(res, 200, queryBody);
      },
    });
    services = createServices({
      configDir: dir,
      vault: createFileVault(dir),
      host: 'desktop',
      versions: {},
      clock,
      embedded: { factory: fakeV1Factory() },
      onJobFinished: (j) => void jobs.push(j),
    });
    await dispatch(services.handlers, 'profiles:setActive', { profile: 'remote' });
    await dispatch(services.handlers, 'profiles:setRemoteUrl', { baseUrl: `${up.origin}/v1` });
    await dispatch(services.handlers, 'keys:set', { profile: 'remote', key: 'jobs-test-remote-key' });
  });
  afterEach(async () => {
    await services.dispose();
    await up.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('a 20 s query reaches the host’s onJobFinished', async () => {
    expect(await dispatch(services.handlers, 'datasets:query', { datasetId: ID })).toMatchObject({ ok: true });
    expect(jobs).toEqual([{ name: `Query of ${ID}`, state: 'completed', startedAt: T0, detail: '1 row, more available' }]);
  });
});
