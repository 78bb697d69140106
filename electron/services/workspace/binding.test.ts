import { readdir } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PullRecord } from '../../../shared/index.js';
import { sendJson, startUpstream } from '../../test-support/upstream.js';
import type { Upstream } from '../../test-support/upstream.js';
import { setLogSink } from '../common/logger.js';
import { startBindingPull } from './binding.js';
import type { BindingRequest } from './binding.js';
import { bindingColumnType, emptyAnswerColumns } from './bindingTable.js';
import { getPull } from './history.js';
import type { PullReport } from './progress.js';
import { proxyTo, tempWorkspace } from './test-support/helpers.js';
import type { Workspace } from './workspace.js';

/**
 * Binding pulls against an upstream the tests control: cancel while the answer is held, a rate limit waited out or
 * not, a cut connection, an answer that is not JSON; and the column typing rules.
 */

const PATH = '/v1/constraints/binding';
const ROW = {
  interval_start_utc: '2024-09-02T04:05:00+00:00',
  interval_end_utc: '2024-09-02T04:10:00+00:00',
  monitored_facility: 'LENOX-NMESHOPP NML 1090 B 115 KV',
  shadow_price: -151.46,
  constraint_gs_entity_id: '928c0a75-ce53-57ef-a27c-c7758eb986fa',
  constraint_name: 'LENOX-NMESHOPP NML 1090 B 115 KV',
  contingency_gs_entity_id: null,
  contingency_name: null,
};
let up: Upstream;
let ws: Workspace;
let cleanup: () => Promise<void>;
let handler: (res: ServerResponse, attempt: number) => void;
let attempts = 0;

beforeAll(async () => {
  setLogSink(() => undefined);
  up = await startUpstream({ [PATH]: (_req, res) => handler(res, ++attempts) });
  ({ ws, cleanup } = await tempWorkspace());
});
afterEach(() => {
  attempts = 0;
});
afterAll(async () => {
  await cleanup();
  await up.close();
});

async function run(request: BindingRequest, retry = { maxAttempts: 1 }, reports: PullReport[] = []) {
  const proxy = proxyTo(up.origin, retry);
  try {
    const started = await startBindingPull(ws, proxy, request, { onProgress: (p) => reports.push(p) });
    if (!started.ok) throw new Error(started.error.message);
    const outcome = await started.value.done;
    const record = await getPull(ws, started.value.pullId);
    return { outcome, record: record.ok ? record.value : (undefined as unknown as PullRecord) };
  } finally {
    await proxy.close();
  }
}

describe('binding pulls against a controlled upstream', () => {
  it('asks the endpoint once with the documented parameters and stores the rows', async () => {
    handler = (res) => sendJson(res, 200, [ROW, { ...ROW, shadow_price: 80 }]);
    const { record } = await run({
      datasetId: 'rt',
      startTime: '2024-09-02',
      endTime: '2024-09-03',
      priceThreshold: 50,
      limit: 10,
    });
    expect(record).toMatchObject({ state: 'complete', rows: 2, binding: { priceThreshold: 50, limitReached: false } });
    const asked = new URL(up.requests.at(-1)!.url, 'http://x').searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      dataset_id: 'rt',
      start_time: '2024-09-02',
      end_time: '2024-09-03',
      price_threshold: '50',
      limit: '10',
    });
    // All-null columns are text, not a JSON type the results table cannot show.
    expect(record.columns.find((c) => c.name === 'contingency_name')).toEqual({ name: 'contingency_name', type: 'VARCHAR' });
  });

  it('cancel while the answer arrives ends cancelled with no rows, and leaves no file behind', async () => {
    handler = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(`[${JSON.stringify(ROW)},`);
    };
    const proxy = proxyTo(up.origin);
    const started = await startBindingPull(ws, proxy, { datasetId: 'rt' });
    if (!started.ok) throw new Error(started.error.message);
    await vi.waitFor(() => expect(attempts).toBe(1));
    expect(ws.isRunning(started.value.pullId)).toBe(true);
    expect(await ws.cancel(started.value.pullId)).toBe(true);
    expect(await started.value.done).toMatchObject({ state: 'cancelled', rows: 0, error: { code: 'cancelled' } });
    expect(await getPull(ws, started.value.pullId)).toMatchObject({
      value: { state: 'cancelled', rows: 0, error: 'The request was cancelled.', endedAt: expect.any(String) },
    });
    expect(await readdir(ws.pageDir)).toEqual([]);
    await proxy.close();
  });

  it('waits out a rate limit, showing the wait in its progress, then completes', async () => {
    handler = (res, attempt) =>
      attempt === 1
        ? sendJson(res, 429, { detail: 'Too many requests' }, undefined, { 'retry-after': '1' })
        : sendJson(res, 200, [ROW]);
    const reports: PullReport[] = [];
    const { record } = await run({ datasetId: 'rt' }, { maxAttempts: 2 }, reports);
    expect(record).toMatchObject({ state: 'complete', rows: 1 });
    expect(
      reports.some((r) => r.state === 'running' && /Rate limit reached \(429\).*retrying in 1 s/.test(r.waiting ?? '')),
    ).toBe(true);
    expect(reports.at(-1)).toMatchObject({ state: 'complete', rows: 1, pages: 1, waiting: null });
  });

  it('a rate limit that outlasts the retries ends failed with the proxy message', async () => {
    handler = (res) => sendJson(res, 429, { detail: 'Too many requests' }, undefined, { 'retry-after': '7' });
    const { outcome, record } = await run({ datasetId: 'rt' });
    expect(outcome.error?.code).toBe('rate_limited');
    expect(record).toMatchObject({
      state: 'failed',
      rows: 0,
      error: 'Rate limit reached (429): Too many requests. Retry after 7 s.',
    });
  });

  it('a server error and a cut connection end failed, with no rows', async () => {
    handler = (res) => sendJson(res, 500, { detail: 'boom' });
    expect((await run({ datasetId: 'rt' })).record).toMatchObject({ state: 'failed', error: expect.stringMatching(/500.*boom/) });
    handler = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(`[${JSON.stringify(ROW)},`);
      setTimeout(() => res.destroy(), 20);
    };
    const cut = await run({ datasetId: 'rt' });
    expect(cut.outcome.error?.code).toBe('network');
    expect(cut.record).toMatchObject({
      state: 'failed',
      rows: 0,
      error: expect.stringMatching(/connection broke while the binding rows arrived/),
    });
  });

  it('an answer that is not a JSON array of rows ends failed, saying so', async () => {
    handler = (res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end('a,b\n1,2\n');
    };
    expect((await run({ datasetId: 'rt' })).record.error).toBe('The /v1 server answered the binding rows as text/csv, not JSON.');
    handler = (res) => sendJson(res, 200, [1, 2, 3]);
    expect((await run({ datasetId: 'rt' })).record).toMatchObject({
      state: 'failed',
      error: "The /v1 server's answer is not a JSON array of row objects.",
    });
    handler = (res) => sendJson(res, 200, [{ ...ROW, interval_start_utc: 'not a time' }]);
    expect((await run({ datasetId: 'rt' })).record).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/^The binding rows could not be stored: /),
    });
  });
});

describe('binding column types', () => {
  it('a catalogue type wins; then *_utc is a timestamp; sniffed numbers are DOUBLE, other types VARCHAR', () => {
    expect(bindingColumnType('duration', 'BIGINT', 'INTEGER')).toBe('DOUBLE');
    expect(bindingColumnType('interval_start_utc', 'VARCHAR')).toBe('TIMESTAMPTZ');
    expect(bindingColumnType('interval_start_utc', 'TIMESTAMP', 'TIMESTAMP')).toBe('TIMESTAMPTZ');
    expect(bindingColumnType('penalty', 'BIGINT')).toBe('DOUBLE');
    expect(bindingColumnType('flag', 'BOOLEAN')).toBe('BOOLEAN');
    expect(bindingColumnType('constraint_gs_entity_id', 'UUID', 'DOUBLE PRECISION')).toBe('VARCHAR');
    expect(bindingColumnType('note', 'JSON')).toBe('VARCHAR');
    expect(bindingColumnType('seen', 'TIMESTAMP WITH TIME ZONE')).toBe('TIMESTAMPTZ');
  });

  it('an empty answer has the catalogue columns then the entity columns', () => {
    expect(
      emptyAnswerColumns([
        { name: 'interval_start_utc', type: 'TIMESTAMP' },
        { name: 'shadow_price', type: 'DOUBLE PRECISION' },
      ]),
    ).toEqual([
      { name: 'interval_start_utc', type: 'TIMESTAMPTZ' },
      { name: 'shadow_price', type: 'DOUBLE' },
      { name: 'constraint_gs_entity_id', type: 'VARCHAR' },
      { name: 'constraint_name', type: 'VARCHAR' },
      { name: 'contingency_gs_entity_id', type: 'VARCHAR' },
      { name: 'contingency_name', type: 'VARCHAR' },
    ]);
  });
});
