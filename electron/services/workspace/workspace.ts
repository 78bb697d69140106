import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import PQueue from 'p-queue';
import { CANCELLED_MESSAGE, PULL_STATES } from '../../../shared/index.js';
import type { ProfileName } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import { quoteIdent, rowObjects } from './sql.js';

/**
 * The workspace: one DuckDB file per profile (`<dir>/<profile>.duckdb`) holding every pull's rows
 * (table `pull_<id>`) and the catalogue of pulls and saved queries, so results reopen without a new
 * request and survive a restart. Writes go through one connection, one at a time, in call order;
 * reads take their own connection and run alongside (DuckDB's MVCC shows them committed rows only).
 * A pull commits each page together with its catalogue counts, so a killed process leaves a
 * readable file; on open, pulls still marked `running` are marked `partial`.
 */

/**
 * Version of the catalogue tables below (`workspace_meta.schema_version`). 2 added `pulls.kind` and `pulls.binding`
 * (binding pulls), 3 `pulls.local` (local review pulls), 4 `pulls.provenance` and table `pull_refreshes`
 * (docs/workspace.md#refresh-and-provenance); an older file gets them on open ({@link migrate}).
 */
export const SCHEMA_VERSION = 4;

const REFRESHES_TABLE = `CREATE TABLE IF NOT EXISTS pull_refreshes (
     id INTEGER PRIMARY KEY DEFAULT nextval('pull_refresh_ids'),
     pull_id INTEGER NOT NULL,
     started_at TIMESTAMPTZ NOT NULL,
     ended_at TIMESTAMPTZ NOT NULL DEFAULT now(),
     state VARCHAR NOT NULL,
     rows_added BIGINT NOT NULL,
     rows_replaced BIGINT NOT NULL,
     rows_charged BIGINT NOT NULL,
     ranges JSON NOT NULL,
     updates JSON NOT NULL,
     error VARCHAR
   )`;

/** The error stored on a pull found `running` when its workspace opens. */
export const INTERRUPTED_MESSAGE = 'Interrupted: Gridscope stopped during the pull. The rows received before are kept.';

const states = PULL_STATES.map((s) => `'${s}'`).join(', ');
const SCHEMA = [
  'CREATE TABLE IF NOT EXISTS workspace_meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)',
  'CREATE SEQUENCE IF NOT EXISTS pull_ids START 1',
  `CREATE TABLE IF NOT EXISTS pulls (
     id INTEGER PRIMARY KEY DEFAULT nextval('pull_ids'),
     dataset_id VARCHAR NOT NULL,
     params JSON NOT NULL,
     profile VARCHAR NOT NULL,
     started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
     ended_at TIMESTAMPTZ,
     state VARCHAR NOT NULL CHECK (state IN (${states})),
     rows BIGINT NOT NULL DEFAULT 0,
     pages INTEGER NOT NULL DEFAULT 0,
     rows_charged BIGINT NOT NULL DEFAULT 0,
     error VARCHAR,
     table_name VARCHAR NOT NULL,
     columns JSON,
     kind VARCHAR DEFAULT 'query',
     binding JSON,
     local JSON,
     provenance JSON
   )`,
  'CREATE SEQUENCE IF NOT EXISTS pull_refresh_ids START 1',
  REFRESHES_TABLE,
  'CREATE SEQUENCE IF NOT EXISTS saved_query_ids START 1',
  `CREATE TABLE IF NOT EXISTS saved_queries (
     id INTEGER PRIMARY KEY DEFAULT nextval('saved_query_ids'),
     name VARCHAR NOT NULL,
     dataset_id VARCHAR NOT NULL,
     params JSON NOT NULL,
     created_at TIMESTAMPTZ NOT NULL DEFAULT now()
   )`,
];

/** Why a workspace could not open: `locked` (another process has the file open) or `unreadable` (damaged, or from a newer DuckDB). */
export class WorkspaceOpenError extends Error {
  constructor(
    readonly reason: 'locked' | 'unreadable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'WorkspaceOpenError';
  }
}

/** Reads that run at once (each on its own DuckDB connection; DuckDB spreads each over its threads). */
export const READ_CONCURRENCY = 4;
/** A read that ran at least this long (ms) is one a background job yields the cores to for a while after it. */
export const LONG_READ_MS = 100;

/** A read whose caller gave up (its signal aborted) before it answered. */
export class ReadCancelledError extends Error {
  constructor() {
    super(CANCELLED_MESSAGE);
    this.name = 'ReadCancelledError';
  }
}

/** A long job on the workspace (a pull): how to stop it and when it has ended. */
export interface WorkspaceJob {
  abort(): void;
  done: Promise<unknown>;
}

const log = createLogger('workspace');

/** An open workspace. Create with {@link openWorkspace}; end with {@link Workspace.close}. */
export class Workspace {
  private tail: Promise<void> = Promise.resolve();
  private closing: Promise<void> | undefined;
  private closed = false;
  private readonly jobs = new Map<number, WorkspaceJob>();
  private readonly reads = new Set<Promise<unknown>>();
  /** When the last read of at least {@link LONG_READ_MS} ended (`performance.now()`), for {@link readsIdle}'s quiet time. */
  private lastLongReadEnd = Number.NEGATIVE_INFINITY;
  private readonly readQueue = new PQueue({ concurrency: READ_CONCURRENCY });
  private readSeq = 0;

  constructor(
    /** Path of the DuckDB file. */
    readonly path: string,
    readonly profile: ProfileName,
    /** Folder for page files while they are loaded (emptied on open). */
    readonly pageDir: string,
    private readonly instance: DuckDBInstance,
    private readonly writer: DuckDBConnection,
  ) {}

  /**
   * Runs `work` on the writer connection after every write queued before it (FIFO), so statements
   * of different callers never interleave. @throws when the workspace is closed, or what `work` throws.
   */
  write<T>(work: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The workspace is closed.'));
    const run = this.tail.then(() => work(this.writer));
    this.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Like {@link write}, inside `BEGIN … COMMIT` (rolled back when `work` throws). */
  transaction<T>(work: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.write(async (conn) => {
      await conn.run('BEGIN TRANSACTION');
      try {
        const result = await work(conn);
        await conn.run('COMMIT');
        return result;
      } catch (error) {
        await conn.run('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  /**
   * Runs `work` on a fresh connection (closed after), alongside writes. At most {@link READ_CONCURRENCY} reads run at
   * once and the newest waiting read starts first: a table scrolled fast asks for many blocks, and the ones on screen
   * now matter, not those passed on the way. `signal` drops a read still waiting and interrupts a running one.
   * @throws {@link ReadCancelledError} when `signal` aborts; an Error when closed; or what `work` throws.
   */
  read<T>(work: (conn: DuckDBConnection) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.closing) return Promise.reject(new Error('The workspace is closed.'));
    if (signal?.aborted) return Promise.reject(new ReadCancelledError());
    const queued = this.readQueue.add(
      async () => {
        if (signal?.aborted) throw new ReadCancelledError();
        const conn = await this.instance.connect();
        const interrupt = (): void => conn.interrupt();
        signal?.addEventListener('abort', interrupt, { once: true });
        const started = performance.now();
        try {
          return await work(conn);
        } catch (error) {
          throw signal?.aborted ? new ReadCancelledError() : error;
        } finally {
          signal?.removeEventListener('abort', interrupt);
          conn.closeSync();
          const ended = performance.now();
          if (ended - started >= LONG_READ_MS) this.lastLongReadEnd = ended;
        }
      },
      { priority: ++this.readSeq, ...(signal ? { signal } : {}) },
    );
    const run = queued.catch((error: unknown) => {
      throw signal?.aborted ? new ReadCancelledError() : error;
    }) as Promise<T>;
    this.reads.add(run);
    void run.finally(() => this.reads.delete(run)).catch(() => undefined);
    return run;
  }

  /**
   * Resolves once no read runs or waits and no long read (≥ {@link LONG_READ_MS}) ended in the last `quietMs` ms: a
   * background job calls it between its statements, so the reads a person waits for get the cores first — also the
   * next one a page asks right after the last. Short reads (the catalogue polled for progress) hold it only while
   * they run, so polling cannot starve the job.
   */
  async readsIdle(quietMs = 0): Promise<void> {
    for (;;) {
      while (this.reads.size > 0 && !this.closing) await Promise.allSettled([...this.reads]);
      const wait = this.lastLongReadEnd + quietMs - performance.now();
      if (wait <= 0 || this.closing) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** Registers the running job of pull `id` (close() stops it); the job removes itself with {@link untrack}. */
  track(id: number, job: WorkspaceJob): void {
    this.jobs.set(id, job);
  }

  untrack(id: number): void {
    this.jobs.delete(id);
  }

  /** True while pull `id` runs in this process. */
  isRunning(id: number): boolean {
    return this.jobs.has(id);
  }

  /** Cancels pull `id` if it runs here; resolves when it has ended (its rows kept, state `cancelled`). False if it was not running. */
  async cancel(id: number): Promise<boolean> {
    const job = this.jobs.get(id);
    if (!job) return false;
    job.abort();
    await job.done.catch(() => undefined);
    return true;
  }

  /** Cancels running pulls (their final state is written), waits for reads and writes, then closes the file. Idempotent. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const jobs = [...this.jobs.values()];
      for (const job of jobs) job.abort();
      await Promise.allSettled(jobs.map((job) => job.done));
      await Promise.allSettled([...this.reads]);
      await this.tail;
      this.closed = true;
      this.writer.closeSync();
      this.instance.closeSync();
    })();
    return this.closing;
  }
}

/**
 * Brings a catalogue of schema `version` up to {@link SCHEMA_VERSION}, in one transaction. 1 → 2: `kind` (every
 * existing pull is a dataset query) and `binding`. DuckDB cannot add a column with a constraint, hence no NOT NULL:
 * readers take a missing kind as `query`. 2 → 3: `local` (what a local review read; null for the other kinds). 3 → 4:
 * `provenance` (null for older pulls); the `pull_refreshes` table is created by the schema statements themselves.
 */
async function migrate(conn: DuckDBConnection, version: number): Promise<void> {
  if (version >= SCHEMA_VERSION) return;
  await conn.run('BEGIN TRANSACTION');
  try {
    if (version < 2) {
      await conn.run("ALTER TABLE pulls ADD COLUMN IF NOT EXISTS kind VARCHAR DEFAULT 'query'");
      await conn.run('ALTER TABLE pulls ADD COLUMN IF NOT EXISTS binding JSON');
    }
    if (version < 3) await conn.run('ALTER TABLE pulls ADD COLUMN IF NOT EXISTS local JSON');
    if (version < 4) await conn.run('ALTER TABLE pulls ADD COLUMN IF NOT EXISTS provenance JSON');
    await conn.run("UPDATE workspace_meta SET value = $1 WHERE key = 'schema_version'", [String(SCHEMA_VERSION)]);
    await conn.run('COMMIT');
  } catch (error) {
    await conn.run('ROLLBACK').catch(() => undefined);
    throw error;
  }
  log.info(`workspace catalogue migrated from schema ${version} to ${SCHEMA_VERSION}`);
}

/** Creates or migrates the catalogue, ends pulls a killed process left `running`, and drops tables no pull owns. */
async function recover(conn: DuckDBConnection, profile: ProfileName): Promise<void> {
  for (const statement of SCHEMA) await conn.run(statement);
  await conn.run("INSERT OR IGNORE INTO workspace_meta VALUES ('schema_version', $1), ('profile', $2)", [
    String(SCHEMA_VERSION),
    profile,
  ]);
  const version = Number((await rowObjects(conn, "SELECT value FROM workspace_meta WHERE key = 'schema_version'"))[0]?.value);
  if (!(version >= 1)) throw new Error('the workspace has no readable schema version');
  if (version > SCHEMA_VERSION) throw new Error(`the workspace was written by a newer Gridscope (schema ${version})`);
  await migrate(conn, version);
  const tables = new Set(
    (
      await rowObjects(
        conn,
        "SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main' AND regexp_matches(table_name, '^pull_[0-9]+$')",
      )
    ).map((r) => String(r.table_name)),
  );
  const stale = await rowObjects(conn, "SELECT id, table_name FROM pulls WHERE state = 'running'");
  await conn.run('BEGIN TRANSACTION');
  try {
    for (const row of stale) {
      const id = Number(row.id);
      const table = String(row.table_name);
      const count = tables.has(table) ? `(SELECT count(*) FROM ${quoteIdent(table)})` : '0';
      await conn.run(
        `UPDATE pulls SET state = 'partial', rows = ${count}, rows_charged = greatest(rows_charged, ${count}),
           ended_at = now(), error = coalesce(error, $2) WHERE id = $1`,
        [id, INTERRUPTED_MESSAGE],
      );
      log.warn(`pull ${id} was interrupted; marked partial`);
    }
    const owned = new Set((await rowObjects(conn, 'SELECT table_name FROM pulls')).map((r) => String(r.table_name)));
    for (const table of tables) if (!owned.has(table)) await conn.run(`DROP TABLE ${quoteIdent(table)}`);
    // A refresh interrupted before its merge leaves its staging table; the pull's own rows were not touched.
    const staging = await rowObjects(
      conn,
      "SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main' AND regexp_matches(table_name, '^refresh_[0-9]+$')",
    );
    for (const row of staging) await conn.run(`DROP TABLE ${quoteIdent(String(row.table_name))}`);
    await conn.run('COMMIT');
  } catch (error) {
    await conn.run('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Opens (creating it if needed) the workspace of `profile` in `dir`: `<dir>/<profile>.duckdb`, page
 * files in `<dir>/<profile>.pages/`. The session time zone is UTC, so timestamps render as UTC.
 * @throws WorkspaceOpenError `locked` when another process holds the file, `unreadable` when DuckDB
 *   cannot read it (damaged, or written by a newer version); the file is left as it is.
 */
export async function openWorkspace(dir: string, profile: ProfileName): Promise<Workspace> {
  if (!/^[a-z][a-z0-9_-]*$/.test(profile)) throw new Error(`not a profile name: ${JSON.stringify(profile)}`);
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${profile}.duckdb`);
  const pageDir = join(dir, `${profile}.pages`);
  let instance: DuckDBInstance;
  try {
    instance = await DuckDBInstance.create(path);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/lock/i.test(message)) {
      throw new WorkspaceOpenError('locked', `The ${profile} workspace (${path}) is open in another Gridscope process.`, {
        cause: error,
      });
    }
    throw new WorkspaceOpenError('unreadable', `The ${profile} workspace (${path}) cannot be read: ${message}`, { cause: error });
  }
  let writer: DuckDBConnection | undefined;
  try {
    writer = await instance.connect();
    await writer.run("SET GLOBAL TimeZone = 'UTC'");
    await recover(writer, profile);
    await rm(pageDir, { recursive: true, force: true });
    await mkdir(pageDir, { recursive: true });
    return new Workspace(path, profile, pageDir, instance, writer);
  } catch (error) {
    writer?.closeSync();
    instance.closeSync();
    if (error instanceof WorkspaceOpenError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new WorkspaceOpenError('unreadable', `The ${profile} workspace (${path}) cannot be used: ${message}`, { cause: error });
  }
}
