import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/index.js';
import type { DownloadsState, PullRecord } from '../../../shared/index.js';
import type { V1Proxy } from '../v1/proxy.js';
import { presignExport } from '../downloads/presign.js';
import { startServicesOverEmbeddedV1 } from '../../test-support/servicesOverEmbeddedV1.js';
import type { ServicesOverEmbeddedV1 } from '../../test-support/servicesOverEmbeddedV1.js';

// The export, download and library verbs through dispatch → handlers → the real download manager and workspace, over the
// real embedded /v1 service (server/app.ts, in process), which records every request it receives.

const DATASET = 'nyiso_zonal_load_forecast_hourly'; // seven daily export files, 2017-11-22 … 2017-11-28
const DAYS = ['2017-11-22', '2017-11-23', '2017-11-24'];

let v1: ServicesOverEmbeddedV1;
const forget = (): void => void v1.seen.splice(0);

/** Waits until the queue has nothing queued, running or verifying. */
async function settled(): Promise<DownloadsState> {
  for (let i = 0; i < 300; i++) {
    const state = await v1.value('downloads:list', {});
    if (state.totals.active === 0) return state;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the queue did not settle in 30 s');
}

beforeAll(async () => {
  v1 = await startServicesOverEmbeddedV1('downloads');
}, 120_000);
beforeEach(forget);
afterAll(async () => v1.close());

describe('exports:list', () => {
  it('asks the listing, never from the cache, and answers the files in date order with their sizes', async () => {
    const listing = await v1.value('exports:list', { datasetId: DATASET });
    // Besides the rate gate's one read of the plan (`/api_usage`, once per key), the listing only.
    expect(v1.seen.map((u) => u.pathname).filter((p) => p !== '/v1/api_usage')).toEqual([`/v1/csv-exports/${DATASET}`]);
    expect(listing.files.map((f) => f.date)).toEqual([...listing.files.map((f) => f.date)].sort());
    expect(listing.files).toHaveLength(7);
    expect(listing.files.every((f) => f.sizeBytes > 0 && !Number.isNaN(Date.parse(f.lastModified)))).toBe(true);

    forget();
    const year = await v1.value('exports:list', { datasetId: DATASET, year: 2017, month: 11 });
    expect(Object.fromEntries(v1.seen[0]!.searchParams)).toEqual({ year: '2017', month: '11' });
    expect(year.files).toEqual(listing.files);
  });

  it('passes the service’s 404 for an unknown dataset, and refuses a month without its year', async () => {
    const unknown = await v1.call('exports:list', { datasetId: 'no_such_dataset' });
    expect(unknown.ok ? null : unknown.error.code).toBe('not_found');
    const bad = await v1.call('exports:list', { datasetId: DATASET, month: 3 });
    expect(bad.ok ? null : bad.error.code).toBe('validation');
  });
});

describe('downloads:start → library → workspace:openLocal', () => {
  it('refuses days the listing does not have, naming them, and queues nothing', async () => {
    const r = await v1.call('downloads:start', { datasetId: DATASET, dates: ['2017-11-22', '2019-01-01'] });
    expect(r.ok ? null : r.error).toMatchObject({ code: 'not_found', message: expect.stringContaining('2019-01-01') });
    expect((await v1.value('downloads:list', {})).items).toEqual([]);
  });

  it('downloads through fresh presigned links without the key, verifies, lists and opens the days offline', async () => {
    const listing = await v1.value('exports:list', { datasetId: DATASET });
    forget();
    const started = await v1.value('downloads:start', { datasetId: DATASET, dates: DAYS });
    expect(started.items.map((i) => i.id)).toEqual(DAYS.map((d) => `${DATASET}/${d}`));
    const state = await settled();
    expect(state.items.map((i) => i.state)).toEqual(['completed', 'completed', 'completed']);
    expect(state.batches[0]).toMatchObject({ files: 3, completed: 3, state: 'completed' });
    // One presign per file through /v1, and the files themselves from the signed links.
    const presigns = v1.seen.filter((u) => /^\/v1\/csv-exports\/[^/]+\/\d{4}-\d{2}-\d{2}$/.test(u.pathname));
    expect(presigns.map((u) => u.pathname.slice(-10)).sort()).toEqual(DAYS);
    expect(v1.seen.filter((u) => u.pathname.startsWith('/exports/')).length).toBeGreaterThanOrEqual(3);

    const library = await v1.value('library:list', {});
    const mine = library.datasets.find((d) => d.datasetId === DATASET)!;
    expect(mine.files.map((f) => [f.date, f.state])).toEqual(DAYS.map((d) => [d, 'verified']));
    const sizes = new Map(listing.files.map((f) => [f.date, f.sizeBytes]));
    for (const f of mine.files) expect((await readFile(f.path)).length).toBe(sizes.get(f.date));
    expect(mine.bytes).toBe(DAYS.reduce((a, d) => a + sizes.get(d)!, 0));
    expect(mine.metadata?.id).toBe(DATASET);

    // Queued again: verified days are skipped, nothing is fetched.
    forget();
    const again = await v1.value('downloads:start', { datasetId: DATASET, dates: DAYS });
    expect(again.items.filter((i) => i.state !== 'completed')).toEqual([]);
    expect(v1.seen.filter((u) => u.pathname.startsWith('/exports/'))).toEqual([]);

    // The review reads the files from disk: no /v1 request at all.
    forget();
    let pull: PullRecord = await v1.value('workspace:openLocal', { datasetId: DATASET, dates: DAYS });
    expect(pull).toMatchObject({ kind: 'local', datasetId: DATASET, local: { dates: DAYS, files: 3 } });
    for (let i = 0; i < 100 && pull.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      pull = (await v1.value('workspace:pulls', { pullIds: [pull.id] }))[0]!;
    }
    expect(pull.state).toBe('complete');
    const page = await v1.value('workspace:rows', { pullId: pull.id, limit: 5 });
    expect(page.totalRows).toBe(pull.rows);
    expect(pull.rows).toBeGreaterThan(0);
    expect(page.columns.map((c) => c.name)).toEqual(mine.metadata!.all_columns.map((c) => c.name));
    expect(v1.seen).toEqual([]);
  }, 60_000);

  it('answers not_found naming the days that are not downloaded', async () => {
    const r = await v1.call('workspace:openLocal', { datasetId: DATASET, dates: ['2017-11-28'] });
    expect(r.ok ? null : r.error).toMatchObject({ code: 'not_found', message: expect.stringContaining('2017-11-28') });
  });
});

describe('presignExport', () => {
  /** A proxy whose every GET answers `body`, parsed with the caller's schema as the real proxy does. */
  const answering = (body: unknown): V1Proxy =>
    ({
      get: async (_path: string, _query: unknown, schema: { safeParse(v: unknown): { success: boolean; data?: unknown } }) => {
        const parsed = schema.safeParse(body);
        return parsed.success ? ok(parsed.data) : fail('internal', 'unexpected body');
      },
    }) as unknown as V1Proxy;
  const signal = new AbortController().signal;

  it('answers the link and its lifetime', async () => {
    const r = await presignExport(
      answering({ presigned_url: 'https://bucket.example/k?sig=1', expires_in_seconds: 900 }),
      'x',
      '2024-01-01',
      signal,
    );
    expect(r).toEqual({ ok: true, value: { url: 'https://bucket.example/k?sig=1', expiresInSeconds: 900 } });
  });

  it('refuses a link that is not http or https: the manager would fetch it as it is', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://bucket.example/k'])
      expect(
        (await presignExport(answering({ presigned_url: url, expires_in_seconds: 900 }), 'x', '2024-01-01', signal)).ok,
      ).toBe(false);
  });
});
