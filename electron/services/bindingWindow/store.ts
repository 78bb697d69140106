import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { fail, ok } from '../../../shared/index.js';
import type { Result } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';
import { syntheticFields } from '../v1/proxy.js';
import { rowObjects, sqlString } from '../workspace/sql.js';
import type { Workspace } from '../workspace/workspace.js';
import { WINDOW_TABLES, upgradeWindowTables } from './tables.js';

/**
 * The binding window store (docs/desktop.md#the-binding-window-store): the binding rows of one dataset and window
 * (`GET /constraints/binding`, docs/api.md#binding-rows), asked once per profile, server and window and kept in the
 * profile's workspace, so every grid screen computes its columns, totals and charts from the same rows without
 * asking /v1 again while they are fresh.
 */

/** Most rows one binding answer holds (docs/api.md#binding-rows): asked for every time, so a window is whole when it fits. */
export const WINDOW_ROW_LIMIT = 100_000;
/** Least time a stored window is served without asking /v1 again (ms); a longer response-cache lifetime wins. */
export const MIN_WINDOW_LIFE_MS = 5 * 60_000;
/** Windows kept per workspace; the least recently fetched go first. */
export const MAX_WINDOWS = 24;

/** A window in the store: its id in the workspace tables and what /v1 answered. */
export interface StoredWindow {
  id: number;
  datasetId: string;
  start: string;
  end: string;
  rows: number;
  limitReached: boolean;
  /** Epoch ms the rows were asked for. */
  fetchedAt: number;
  synthetic: string[];
}

/** Whose /v1 the active profile calls (a stable name, never a key) and how long its answers may be kept (seconds). */
export interface StoreTarget {
  server: string;
  cacheTtlSeconds: number;
}

export interface BindingWindowStoreOptions {
  proxy: V1Proxy;
  /** The active profile's server; null when it has none (Remote without a key). */
  identify: () => Promise<StoreTarget | null>;
  now?: () => number;
}

/** What {@link BindingWindowStore.ensure} asks for: a dataset and a `[start, end)` window (instants with offsets). */
export interface WindowKey {
  datasetId: string;
  start: string;
  end: string;
}

const log = createLogger('binding-window');
const iso = (text: string): string => new Date(text).toISOString().replace('.000Z', 'Z');

// The columns the store keeps of each binding row; the others of the dataset are not needed by any screen. A dataset
// without a penalty factor column (docs/api.md#binding-rows answers every column of the dataset) stores it as NULL.
const ROW_COLUMNS = `{'interval_start_utc': 'TIMESTAMPTZ', 'interval_end_utc': 'TIMESTAMPTZ', 'shadow_price': 'DOUBLE',
  'constraint_gs_entity_id': 'VARCHAR', 'constraint_name': 'VARCHAR', 'contingency_gs_entity_id': 'VARCHAR',
  'contingency_name': 'VARCHAR', 'transmission_constraint_penalty_factor': 'DOUBLE'}`;

/** The store of one services instance: {@link ensure} answers a window's id in the workspace, fetching it when needed. */
export class BindingWindowStore {
  private readonly inFlight = new Map<string, Promise<Result<StoredWindow>>>();
  private readonly prepared = new WeakSet<Workspace>();
  private readonly now: () => number;

  constructor(private readonly opts: BindingWindowStoreOptions) {
    this.now = opts.now ?? Date.now;
  }

  /**
   * The stored window of `key` in `ws`: the kept one while fresh (fetched within the profile's response-cache lifetime,
   * at least {@link MIN_WINDOW_LIFE_MS}), else the rows asked once from /v1 (two callers at once share one request).
   * Errors: the proxy's (a 404 dataset, a 400 "not a constraint dataset", `rate_limited`, `cancelled`…); `internal`
   * when the answer is not a JSON array of rows or cannot be stored.
   */
  async ensure(ws: Workspace, key: WindowKey, call: Pick<GetOptions, 'signal' | 'onProgress'>): Promise<Result<StoredWindow>> {
    const target = await this.opts.identify().catch(() => null);
    if (!target) return fail('auth', 'No /v1 server to ask: set a key for the Remote profile in Settings.');
    const k: WindowKey = { datasetId: key.datasetId, start: iso(key.start), end: iso(key.end) };
    const name = [ws.profile, target.server, k.datasetId, k.start, k.end].join('|');
    const running = this.inFlight.get(name);
    if (running) return running;
    const work = this.find(ws, target, k).then((found) => found ?? this.fetch(ws, target.server, k, call));
    this.inFlight.set(name, work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(name);
    }
  }

  /** Forgets every window of the workspace (the response cache was emptied). */
  async clear(ws: Workspace): Promise<void> {
    await ws.transaction(async (conn) => {
      for (const statement of WINDOW_TABLES) await conn.run(statement);
      await conn.run('DELETE FROM binding_window_rows');
      await conn.run('DELETE FROM binding_windows');
    });
  }

  private async find(ws: Workspace, target: StoreTarget, k: WindowKey): Promise<Result<StoredWindow> | undefined> {
    if (!this.prepared.has(ws)) {
      await ws.write(async (conn) => {
        for (const statement of WINDOW_TABLES) await conn.run(statement);
        await upgradeWindowTables(conn);
      });
      this.prepared.add(ws);
    }
    const life = Math.max(MIN_WINDOW_LIFE_MS, target.cacheTtlSeconds * 1000);
    const rows = await ws.read((conn) =>
      rowObjects(
        conn,
        `SELECT id, rows::DOUBLE AS rows, limit_reached, epoch_ms(fetched_at)::DOUBLE AS fetched, synthetic::VARCHAR AS synthetic
         FROM binding_windows WHERE server = $1 AND dataset_id = $2 AND start_utc = $3 AND end_utc = $4
         ORDER BY fetched_at DESC LIMIT 1`,
        [target.server, k.datasetId, k.start, k.end],
      ),
    );
    const row = rows[0];
    if (!row || this.now() - Number(row.fetched) > life) return undefined;
    return ok({
      id: Number(row.id),
      ...k,
      rows: Number(row.rows),
      limitReached: row.limit_reached === true,
      fetchedAt: Number(row.fetched),
      synthetic: JSON.parse(String(row.synthetic)) as string[],
    });
  }

  private async fetch(
    ws: Workspace,
    server: string,
    k: WindowKey,
    call: Pick<GetOptions, 'signal' | 'onProgress'>,
  ): Promise<Result<StoredWindow>> {
    const query = { dataset_id: k.datasetId, start_time: k.start, end_time: k.end, limit: WINDOW_ROW_LIMIT };
    const fetchedAt = this.now();
    const done = log.time(`binding rows of ${k.datasetId} ${k.start} → ${k.end}`);
    // Streamed to a file and read by DuckDB: 100,000 rows never become JavaScript values (nor pass the 32 MiB JSON cap).
    const opened = await this.opts.proxy.open('/constraints/binding', query, { ...call, profile: ws.profile, cache: false });
    if (!opened.ok) return opened;
    const synthetic = syntheticFields(opened.value.headers['x-gridscope-synthetic']);
    const path = join(ws.pageDir, `binding-window-${randomUUID()}.json`);
    try {
      try {
        await pipeline(opened.value.body, createWriteStream(path));
      } catch (error) {
        if (call.signal?.aborted) return fail('cancelled', 'The binding rows were not read: the screen went away.');
        return fail('network', `The connection broke while the binding rows arrived: ${String(error)}`);
      }
      const stored = await this.load(ws, server, k, path, fetchedAt, synthetic);
      done(`${stored.ok ? stored.value.rows : stored.error.code} rows`);
      return stored;
    } finally {
      await rm(path, { force: true });
    }
  }

  // One transaction: the window's record, its rows, and the oldest windows beyond MAX_WINDOWS gone.
  private async load(
    ws: Workspace,
    server: string,
    k: WindowKey,
    path: string,
    fetchedAt: number,
    synthetic: string[],
  ): Promise<Result<StoredWindow>> {
    try {
      return ok(
        await ws.transaction(async (conn) => {
          const id = Number((await rowObjects(conn, "SELECT nextval('binding_window_ids')::INTEGER AS id"))[0]!.id);
          const inserted = await conn.run(
            `INSERT INTO binding_window_rows SELECT $1, * FROM read_json(${sqlString(path)}, format='array', columns=${ROW_COLUMNS})`,
            [id],
          );
          const rows = inserted.rowsChanged;
          await conn.run(
            `INSERT INTO binding_windows VALUES ($1, $2, $3, $4, $5, make_timestamptz($6::BIGINT * 1000), $7, $8, $9)`,
            [id, server, k.datasetId, k.start, k.end, fetchedAt, rows, rows >= WINDOW_ROW_LIMIT, JSON.stringify(synthetic)],
          );
          // Older copies of this window, and the oldest windows past the cap.
          await conn.run(
            `DELETE FROM binding_windows WHERE id <> $1 AND (
               (server = $2 AND dataset_id = $3 AND start_utc = $4 AND end_utc = $5)
               OR id NOT IN (SELECT id FROM binding_windows ORDER BY fetched_at DESC LIMIT ${MAX_WINDOWS}))`,
            [id, server, k.datasetId, k.start, k.end],
          );
          await conn.run('DELETE FROM binding_window_rows WHERE window_id NOT IN (SELECT id FROM binding_windows)');
          return { id, ...k, rows, limitReached: rows >= WINDOW_ROW_LIMIT, fetchedAt, synthetic };
        }),
      );
    } catch (error) {
      log.warn('the binding rows could not be stored', error);
      return fail('internal', `The binding rows are not a JSON array of rows Gridscope can read: ${String(error)}`);
    }
  }
}
