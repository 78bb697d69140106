import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiUsage, DatasetWithTimezone } from '../../../shared/index.js';
import { syntheticEntry } from '../../../server/test-support/queryFixtures.js';
import { startQueryServer } from '../../../server/test-support/query.js';
import type { QueryTestServer } from '../../../server/test-support/query.js';
import { TEST_KEY, startTestServer } from '../../../server/test-support/testing.js';
import { startUpstream } from '../../test-support/upstream.js';
import { setLogSink } from '../common/logger.js';
import { createV1Proxy } from '../v1/proxy.js';
import type { V1Proxy } from '../v1/proxy.js';
import { columnTypesFor } from './columns.js';
import { readRows } from './page.js';
import { startPull } from './pull.js';
import type { PullOptions } from './pull.js';
import type { PullQuery } from '../../../shared/index.js';
import { quoteIdent, rowObjects } from './sql.js';
import { tempWorkspace } from './test-support/helpers.js';
import type { Workspace } from './workspace.js';

/**
 * Pulls against our real /v1 server (server/app.ts on the embedded data): cursor pages of any size
 * give exactly the rows of one big query, `limit` across pages included; the offset fallback too.
 */

const ID = 'nyiso_zonal_load_5_min';
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
});
afterAll(async () => {
  await cleanup();
  await proxy.close();
  await server.close();
});

async function pullWith(p: V1Proxy, request: PullQuery, options: PullOptions = {}) {
  const started = await startPull(ws, p, request, options);
  if (!started.ok) throw new Error(started.error.message);
  const outcome = await started.value.done;
  if (outcome.state !== 'complete') throw new Error(`pull ${outcome.state}: ${outcome.error?.message}`);
  return { ...outcome, table: started.value.tableName };
}

/** Rows of `a` and `b` that differ, position (arrival order) included; 0 when both hold the same rows in the same order. */
async function differences(a: string, b: string): Promise<number> {
  const numbered = (t: string) => `SELECT row_number() OVER (ORDER BY rowid) AS position, * FROM ${quoteIdent(t)}`;
  const sql = `SELECT CAST(count(*) AS INTEGER) AS n FROM ((${numbered(a)} EXCEPT ALL ${numbered(b)}) UNION ALL (${numbered(b)} EXCEPT ALL ${numbered(a)}))`;
  return Number((await ws.read((c) => rowObjects(c, sql)))[0]!.n);
}

async function usageRows(): Promise<number> {
  const usage = await proxy.get('/api_usage', {}, ApiUsage, { cache: false });
  if (!usage.ok) throw new Error(usage.error.message);
  return usage.value.current_period_usage.total_api_rows_returned;
}

describe('pulls from the /v1 server', () => {
  it('gets exactly the rows of one big query for every page size, limit across pages included, and is charged what it got', async () => {
    const single = await pullWith(proxy, { datasetId: ID, limit: 2500 }, { pageSize: 50_000 });
    expect(single).toMatchObject({ rows: 2500, pages: 1 });
    for (const pageSize of [333, 1000, 2499, 2500, 4000]) {
      const before = await usageRows();
      const paged = await pullWith(proxy, { datasetId: ID, limit: 2500 }, { pageSize });
      expect(paged.rows).toBe(2500);
      expect(paged.pages).toBe(Math.ceil(2500 / pageSize));
      expect(await differences(paged.table, single.table)).toBe(0);
      expect((await usageRows()) - before).toBe(paged.rowsCharged);
    }
  });

  it('pulls a whole dataset by cursor the same as in one page, with the types of its catalogue entry', async () => {
    const detail = await proxy.get(`/datasets/${ID}`, {}, DatasetWithTimezone);
    if (!detail.ok) throw new Error(detail.error.message);
    const request: PullQuery = { datasetId: ID, timezone: 'market', order: 'desc' };
    const columnTypes = columnTypesFor(detail.value.all_columns, request);
    const single = await pullWith(proxy, request, { columnTypes });
    const paged = await pullWith(proxy, request, { pageSize: 700, columnTypes });
    expect(single.rows).toBeGreaterThan(3000);
    expect(paged.rows).toBe(single.rows);
    expect(await differences(paged.table, single.table)).toBe(0);
    const page = await readRows(ws, paged.pullId, { limit: 1 });
    if (!page.ok) throw new Error(page.error.message);
    expect(page.value.columns).toEqual([
      { name: 'interval_start_local', type: 'VARCHAR' },
      { name: 'interval_start_utc', type: 'TIMESTAMPTZ' },
      { name: 'interval_end_local', type: 'VARCHAR' },
      { name: 'interval_end_utc', type: 'TIMESTAMPTZ' },
      { name: 'zone', type: 'VARCHAR' },
      { name: 'ptid', type: 'BIGINT' },
      { name: 'load', type: 'DOUBLE' },
    ]);
    const [local, utc] = page.value.rows[0] as [string, string];
    expect(new Date(local).getTime()).toBe(new Date(utc).getTime());
    expect(local).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-0[45]:00$/);
  });

  it('gets the same rows by page number from a server that sends no X-Cursor', async () => {
    const front = await startUpstream();
    const viaFront = createV1Proxy({
      resolveTarget: async () => ({ baseUrl: `${front.origin}/v1`, key: TEST_KEY, profile: 'embedded' }),
    });
    front.route(`/v1/datasets/${ID}/query`, (req, res) => {
      void fetch(`${origin}${req.url}`, { headers: { 'x-api-key': TEST_KEY } }).then(async (answer) => {
        // fetch() has decoded the body already: its length and encoding headers no longer apply.
        const dropped = new Set(['x-cursor', 'content-length', 'content-encoding']);
        const headers = Object.fromEntries([...answer.headers].filter(([name]) => !dropped.has(name)));
        res.writeHead(answer.status, headers);
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
    try {
      const single = await pullWith(proxy, { datasetId: ID, limit: 1900 });
      const paged = await pullWith(viaFront, { datasetId: ID, limit: 1900 }, { pageSize: 400 });
      expect(paged).toMatchObject({ rows: 1900, pages: 5 });
      expect(front.requests.slice(1).map((r) => new URL(r.url, 'http://x').searchParams.get('page'))).toEqual([
        '2',
        '3',
        '4',
        '5',
      ]);
      expect(await differences(paged.table, single.table)).toBe(0);
    } finally {
      await viaFront.close();
      await front.close();
    }
  });
});

describe('a 200,000-row pull', () => {
  let big: QueryTestServer;
  let bigProxy: V1Proxy;
  beforeAll(async () => {
    big = await startQueryServer({ catalogue: [syntheticEntry('synthetic_lmp', 200_000)] });
    await big.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = big.app.server.address() as AddressInfo;
    bigProxy = createV1Proxy({
      resolveTarget: async () => ({ baseUrl: `http://127.0.0.1:${port}/v1`, key: 'k', profile: 'embedded' }),
    });
  });
  afterAll(async () => {
    await bigProxy.close();
    await big.close();
  });

  it('stores every row with the values the server holds', async () => {
    const outcome = await pullWith(bigProxy, { datasetId: 'synthetic_lmp' }, { pageSize: 50_000 });
    expect(outcome).toMatchObject({ rows: 200_000, pages: 4 });
    const aggregate = (table: string) =>
      `SELECT CAST(count(*) AS INTEGER) AS n, round(sum(lmp), 2) AS lmp, CAST(sum(load) AS DOUBLE) AS load, CAST(sum(flag) AS DOUBLE) AS flag,
         epoch(min(interval_start_utc)) AS first, epoch(max(interval_end_utc)) AS last, CAST(count(DISTINCT location) AS INTEGER) AS locations FROM ${table}`;
    const stored = (await ws.read((c) => rowObjects(c, aggregate(quoteIdent(outcome.table)))))[0];
    const source = (await big.store.withConnection((c) => c.runAndReadAll(aggregate('synthetic_lmp')))).getRowObjectsJson()[0];
    expect(stored).toEqual(source);
  });
});
