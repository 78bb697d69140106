import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { createServer } from '../app.js';
import type { ServerOptions } from '../app.js';
import { DataChanges } from '../data/changes.js';
import type { ChangeRecord } from '../data/changes.js';
import { ident } from '../data/sql.js';
import { syntheticEntry, syntheticRows } from './queryFixtures.js';
import { tempDir } from './testing.js';

/** Rows of one day of {@link syntheticEntry}'s data: 288 five-minute intervals × 10 locations. */
export const ROWS_PER_DAY = 288 * 10;

/** A /v1 service whose one synthetic dataset grows by a day, or is backfilled, when a test says so. */
export interface ChangingV1 {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  dataset: string;
  /** Rows the dataset holds now. */
  rows(): number;
  /** Appends the next day (its 2,880 rows, in key order) and a non-backfill update record over it. */
  appendDay(): Promise<ChangeRecord>;
  /** Adds `delta` to `lmp` of the rows in `[startUtc, endUtc)` and a backfill update record over that range. */
  backfill(startUtc: string, endUtc: string, delta: number): Promise<ChangeRecord>;
  /**
   * Lets the next `passed` dataset query requests through and holds the ones after until the returned function is
   * called (a pull or refresh caught between two pages). `close()` releases them too.
   */
  holdQueries(passed: number): () => void;
  close(): Promise<void>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const FIRST = Date.parse('2020-01-01T00:00:00Z');

/**
 * Starts our /v1 service (listening on 127.0.0.1) with one dataset, `dataset`: `days` days of {@link syntheticEntry}
 * data from 2020-01-01 UTC, changed only through the test-only {@link DataChanges} handle (docs/api.md#test-only-data-changes).
 */
export async function startChangingV1(options: {
  key: string;
  dataset?: string;
  days?: number;
  rows?: number;
  plan?: ServerOptions['plan'];
}): Promise<ChangingV1> {
  const dataset = options.dataset ?? 'fx_growing';
  let rows = options.rows ?? (options.days ?? 3) * ROWS_PER_DAY;
  const cacheDir = await tempDir('changing-v1');
  const changes = new DataChanges();
  const app = await createServer({
    apiKeys: [options.key],
    cacheDir,
    catalogue: [syntheticEntry(dataset, rows)],
    dataChanges: changes,
    ...(options.plan ? { plan: options.plan } : {}),
  });
  let hold: { passed: number; released: Promise<void>; release: () => void } | null = null;
  app.addHook('onRequest', async (request) => {
    if (!hold || !/\/datasets\/[^/]+\/query\b/.test(request.url)) return;
    if (hold.passed > 0) hold.passed -= 1;
    else await hold.released;
  });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const table = ident(dataset);
  // Ten rows per 5-minute interval from 2020-01-01: row i starts at FIRST + 5 min × ⌊i / 10⌋.
  const startOf = (row: number) => FIRST + Math.floor(row / 10) * 300_000;
  return {
    app,
    baseUrl: `${origin}/v1`,
    dataset,
    rows: () => rows,
    appendDay: async () => {
      const record = await changes.apply({
        dataset,
        insertSql: `INSERT INTO ${table} ${syntheticRows(rows, ROWS_PER_DAY)}`,
        isBackfill: false,
        startTimeUtc: iso(startOf(rows)),
        endTimeUtc: iso(startOf(rows + ROWS_PER_DAY)),
      });
      rows += ROWS_PER_DAY;
      return record;
    },
    backfill: (startUtc, endUtc, delta) =>
      changes.apply({
        dataset,
        updateSql: `UPDATE ${table} SET lmp = lmp + ${Number(delta)}
          WHERE interval_start_utc >= TIMESTAMP '${iso(Date.parse(startUtc)).replace('Z', '')}'
            AND interval_start_utc < TIMESTAMP '${iso(Date.parse(endUtc)).replace('Z', '')}'`,
        isBackfill: true,
        startTimeUtc: startUtc,
        endTimeUtc: endUtc,
      }),
    holdQueries: (passed) => {
      hold?.release();
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const mine = { passed, released, release };
      hold = mine;
      return () => {
        mine.release();
        if (hold === mine) hold = null;
      };
    },
    close: async () => {
      hold?.release();
      await app.close();
      await rm(cacheDir, { recursive: true, force: true });
    },
  };
}
