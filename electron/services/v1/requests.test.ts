import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryEstimate, RequestStatus, Result } from '../../../shared/index.js';
import { dataset } from '../../../shared/test-support/fixtures.js';
import { sendJson, startUpstream } from '../../test-support/upstream.js';
import type { Upstream } from '../../test-support/upstream.js';
import { startServicesOverFakeV1 } from '../../test-support/servicesOverUpstream.js';
import type { ServicesInTempDir } from '../../test-support/servicesOverUpstream.js';
import { dispatch } from '../verbs/dispatch.js';
import { RequestIdInUseError, createRequestRegistry } from './requests.js';
import type { Clock } from './retry.js';

describe('request registry', () => {
  it('lists named calls with their retry state, cancels them, forgets them when they end', () => {
    let now = 1_000;
    const reg = createRequestRegistry(() => now);
    const a = reg.begin('datasets:list', 'req-a');
    const hidden = reg.begin('usage:get');
    expect(reg.status()).toEqual([
      {
        requestId: 'req-a',
        verb: 'datasets:list',
        state: 'running',
        attempt: 1,
        maxAttempts: 1,
        retryInMs: null,
        reason: null,
        cause: null,
        startedAt: 1_000,
      },
    ]);
    a.onProgress({
      state: 'retrying',
      attempt: 2,
      maxAttempts: 4,
      delayMs: 8_000,
      reason: 'Rate limit reached (429): slow down',
      cause: 'Rate limit reached (429)',
    });
    now = 4_000;
    expect(reg.status(['req-a', 'other'])).toMatchObject([
      {
        state: 'retrying',
        attempt: 2,
        maxAttempts: 4,
        retryInMs: 5_000,
        reason: 'Rate limit reached (429): slow down',
        cause: 'Rate limit reached (429)',
      },
    ]);
    expect(reg.status(['other'])).toEqual([]);
    expect(() => reg.begin('datasets:get', 'req-a')).toThrow(RequestIdInUseError);
    expect(reg.cancel('req-a')).toBe(true);
    expect(a.signal.aborted).toBe(true);
    expect(reg.cancel('#1')).toBe(false); // unnamed calls cannot be cancelled by guessing
    a.end();
    expect(reg.status()).toEqual([]);
    expect(reg.cancel('req-a')).toBe(false);
    reg.cancelAll();
    expect(hidden.signal.aborted).toBe(true);
  });
});

describe('request registry: the caller going away', () => {
  it('an outer signal (browser disconnected) aborts the call with its reason; cancel still works without one', () => {
    const reg = createRequestRegistry();
    const outer = new AbortController();
    const a = reg.begin('datasets:query', 'req-outer', outer.signal);
    const b = reg.begin('datasets:query', 'req-plain');
    expect(a.signal.aborted).toBe(false);
    outer.abort(new Error('the browser closed the bridge connection'));
    expect(a.signal.aborted).toBe(true);
    expect((a.signal.reason as Error).message).toBe('the browser closed the bridge connection');
    expect(b.signal.aborted).toBe(false);
    expect(reg.cancel('req-plain')).toBe(true);
    expect(b.signal.aborted).toBe(true);
    const c = reg.begin('datasets:list', undefined, new AbortController().signal);
    expect(reg.cancel('req-outer')).toBe(true); // still listed until it ends
    reg.cancelAll();
    expect(c.signal.aborted).toBe(true);
  });
});

describe('requests:status and requests:cancel through the services', () => {
  const KEY = 'requests-test-remote-key';
  let fixture: ServicesInTempDir;
  let up: Upstream;
  let release: (() => void) | undefined;
  // Sleeps wait for the test to release them (or for a cancel): the retry state can be observed.
  const gated: Clock = {
    now: () => Date.parse('2026-11-20T10:00:00Z'),
    sleep: (_ms, signal) =>
      new Promise<void>((resolve, reject) => {
        release = resolve;
        signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      }),
  };
  const call = (verb: string, input: unknown = {}): Promise<Result<unknown>> => dispatch(fixture.services.handlers, verb, input);
  const listBody = {
    status_code: 200,
    data: [dataset('pjm_lmp')],
    meta: { page: null, limit: null, page_size: null, hasNextPage: null, cursor: null },
    dataset_metadata: { resample_conversion: { '1_HOUR': 3600 }, data_timezone: 'UTC' },
  };

  beforeEach(async () => {
    release = undefined;
    let n = 0;
    up = await startUpstream({
      '/v1/datasets': (_q, res) =>
        ++n === 1
          ? sendJson(res, 429, { detail: 'Too Many Requests. Limit: 1 per 1 second.' }, undefined, { 'retry-after': '8' })
          : sendJson(res, 200, listBody),
    });
    fixture = await startServicesOverFakeV1('requests', gated);
    await call('profiles:setActive', { profile: 'remote' });
    await call('profiles:setRemoteUrl', { baseUrl: `${up.origin}/v1` });
    await call('keys:set', { profile: 'remote', key: KEY });
    up.requests.length = 0; // the key test's /api_usage call is not part of these cases
  });
  afterEach(async () => {
    await fixture.close();
    await up.close();
  });

  it('a rate-limited call shows "retrying in 8 s" with its reason, then answers', async () => {
    const pending = call('datasets:list', { requestId: 'list-1' });
    await vi.waitFor(async () => {
      const r = (await call('requests:status', {})) as Result<RequestStatus[]>;
      expect(r.ok && r.value[0]?.state).toBe('retrying');
    });
    const status = (await call('requests:status', { requestIds: ['list-1'] })) as Result<RequestStatus[]>;
    expect(status.ok && status.value).toEqual([
      {
        requestId: 'list-1',
        verb: 'datasets:list',
        state: 'retrying',
        attempt: 2,
        maxAttempts: 4,
        retryInMs: 8000,
        reason: 'Rate limit reached (429): Too Many Requests. Limit: 1 per 1 second. Retry after 8 s.',
        cause: 'Rate limit reached (429)',
        startedAt: expect.any(Number),
      },
    ]);
    expect(await call('datasets:list', { requestId: 'list-1' })).toMatchObject({
      ok: false,
      error: { code: 'validation', message: expect.stringMatching(/already used/) },
    });
    release?.();
    expect(await pending).toMatchObject({ ok: true, value: [{ id: 'pjm_lmp' }] });
    expect(await call('requests:status', {})).toEqual({ ok: true, value: [] });
    expect(JSON.stringify(status)).not.toContain(KEY);
  });

  it('requests:cancel aborts the call, which answers cancelled', async () => {
    const pending = call('datasets:list', { requestId: 'list-2' });
    await vi.waitFor(() => expect(release).toBeDefined());
    expect(await call('requests:cancel', { requestId: 'list-2' })).toEqual({ ok: true, value: { cancelled: true } });
    expect(await pending).toEqual({ ok: false, error: { code: 'cancelled', message: 'The request was cancelled.' } });
    expect(await call('requests:cancel', { requestId: 'list-2' })).toEqual({ ok: true, value: { cancelled: false } });
    // The cancelled call reached the service once; the plan's /api_usage read (the rate gate's, once per key) aside.
    expect(up.requests.map((r) => r.url)).toEqual(['/v1/api_usage', '/v1/datasets']);
  });

  it('rejects bad request ids before any work', async () => {
    for (const requestId of ['', 'x'.repeat(65), 'a b', '../x']) {
      expect(await call('datasets:list', { requestId })).toMatchObject({ ok: false, error: { code: 'validation' } });
    }
    expect(up.requests).toHaveLength(0);
  });
});

describe('datasets:estimate through the services (embedded profile)', () => {
  it("sizes a query from the metadata: without the subseries values, at most the dataset's rows", async () => {
    const { services, close } = await startServicesOverFakeV1('estimate');
    try {
      const id = 'pjm_lmp_day_ahead_hourly';
      // Fixture: 1_HOUR, 2024-01-01 … 2024-03-01 (1 441 time values), 10 rows, locations not loaded:
      // how many of the 10 rows fall on one day is not known, so at most 10.
      const r = (await dispatch(services.handlers, 'datasets:estimate', {
        datasetId: id,
        startTime: '2024-02-01',
        endTime: '2024-02-02',
        requestId: 'est-1',
      })) as Result<QueryEstimate>;
      expect(r).toEqual({
        ok: true,
        value: {
          datasetId: id,
          estimatedRows: 10,
          upperBound: true,
          basis:
            '≈ 10 rows over 24 intervals of 1_HOUR of the 1,441 from 2024-01-01T00:00:00Z to 2024-03-01T00:00:00Z: at most 10 rows. ' +
            'An upper bound, because the number of location values is not known (not loaded); ' +
            'per-date counts (audit) are not available (the dataset page did not load them).',
          remainingMonthlyRows: null,
          perResponseLimit: null,
          warnings: [],
        },
      });
      const bad = await dispatch(services.handlers, 'datasets:estimate', {
        datasetId: id,
        filter: { column: 'nope', value: 'x' },
      });
      expect(bad).toMatchObject({
        ok: false,
        error: {
          code: 'validation',
          message: 'Column nope not found in dataset pjm_lmp_day_ahead_hourly. Possible columns: interval_start_utc.',
        },
      });
      expect(
        await dispatch(services.handlers, 'datasets:estimate', { datasetId: id, startTime: '2024-02-02', endTime: '2024-02-01' }),
      ).toMatchObject({
        ok: false,
        error: { code: 'validation', message: 'startTime must be before endTime.' },
      });
    } finally {
      await close();
    }
  });
});
