import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticEntry } from '../test-support/queryFixtures.js';
import { QUERY_TIMEOUT_DETAIL } from './guard.js';
import { startQueryServer, type QueryTestServer } from '../test-support/query.js';

/** `X-Stream: true` on 1,000,000 rows keeps memory bounded well below the body's size; a query past the time-out is a 422. */

const ROWS = 1_000_000;
// RSS growth while streaming the ~80 MB body after the same query once, on 2 cores (Node 20): 6–30 MB streamed, 173 MB buffered.
// 48 MB keeps ~30 % above the worst streamed run and still fails a response that is held whole.
const RSS_BOUND_MB = 48;

let server: QueryTestServer;
let port: number;
beforeAll(async () => {
  server = await startQueryServer({
    catalogue: [syntheticEntry('fx_big', ROWS)],
    extraRoutes: [{ prefix: '/slow', queryTimeoutMs: 1 }],
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as AddressInfo).port;
}, 120_000);
afterAll(async () => server.close());

function consume(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; rows: number; tail: string; peakRss: number }> {
  return new Promise((resolve, reject) => {
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        let rows = 0;
        let carry = '';
        res.setEncoding('latin1');
        res.on('data', (chunk: string) => {
          const text = carry + chunk;
          rows += text.split('],[').length - 1;
          carry = text.slice(-2);
          if (carry.length === 2 && text.endsWith('],[')) carry = '';
        });
        res.on('end', () => {
          clearInterval(sampler);
          resolve({ status: res.statusCode ?? 0, rows, tail: carry, peakRss });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('streaming 1M rows', () => {
  it('keeps RSS growth within a fixed bound', async () => {
    const url = '/v1/datasets/fx_big/query?json_schema=array-of-arrays&page_size=1000000';
    // The same query once first: DuckDB's buffers and caches are then part of the baseline, not of the growth.
    await consume(url, { 'x-stream': 'true' });
    const baseline = process.memoryUsage().rss;
    const { status, rows, peakRss } = await consume(url, { 'x-stream': 'true' });
    expect(status).toBe(200);
    expect(rows).toBe(ROWS); // separators: header row + 1M rows
    expect(server.rows.at(-1)).toBe(ROWS);
    const growthMb = (peakRss - baseline) / 2 ** 20;
    expect(growthMb, `RSS grew ${growthMb.toFixed(1)} MB`).toBeLessThan(RSS_BOUND_MB);
  }, 60_000);
});

describe('query time-out', () => {
  it.each([
    ['buffered', {}],
    ['streamed', { 'x-stream': 'true' }],
  ])('cancels a slow query with 422 and the advice (%s)', async (_mode, headers) => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/slow/datasets/fx_big/query?resample_frequency=1h&resample_function=stddev',
      headers,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: QUERY_TIMEOUT_DETAIL });
    expect(QUERY_TIMEOUT_DETAIL).toBe(
      'Query timed out. Try a shorter time range, no resampling, equality filters or a row limit.',
    );
  });

  it('leaves the server answering afterwards', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/v1/datasets/fx_big/query?limit=2&columns=lmp' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(2);
  });
});
