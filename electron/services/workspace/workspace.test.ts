import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLogSink } from '../common/logger.js';
import { rowObjects } from './sql.js';
import { seedPull } from './test-support/helpers.js';
import {
  INTERRUPTED_MESSAGE,
  LONG_READ_MS,
  READ_CONCURRENCY,
  ReadCancelledError,
  WorkspaceOpenError,
  openWorkspace,
} from './workspace.js';
import type { Workspace } from './workspace.js';

/** Opening, recovery after a killed process, and the order of writes. */

let dir: string;
let open: Workspace[] = [];
beforeAll(() => setLogSink(() => undefined));
afterEach(async () => {
  for (const ws of open) await ws.close();
  open = [];
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function openIn(profile: 'embedded' | 'remote' = 'embedded'): Promise<Workspace> {
  const ws = await openWorkspace(dir, profile);
  open.push(ws);
  return ws;
}

async function reopen(ws: Workspace): Promise<Workspace> {
  await ws.close();
  open = open.filter((w) => w !== ws);
  return openIn(ws.profile);
}

const tables = (ws: Workspace) =>
  ws
    .read((c) => rowObjects(c, "SELECT table_name FROM duckdb_tables() WHERE table_name LIKE 'pull%' ORDER BY 1"))
    .then((r) => r.map((x) => x.table_name));

describe('openWorkspace', () => {
  it('creates one file per profile with the catalogue tables, and keeps them apart', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-ws-'));
    const embedded = await openIn('embedded');
    const remote = await openIn('remote');
    expect(embedded.path).toBe(join(dir, 'embedded.duckdb'));
    expect(remote.path).toBe(join(dir, 'remote.duckdb'));
    await seedPull(embedded, "SELECT 'a' AS a");
    const names = await embedded.read((c) => rowObjects(c, 'SELECT table_name FROM duckdb_tables() ORDER BY 1'));
    expect(names.map((r) => r.table_name)).toEqual(['pull_1', 'pull_refreshes', 'pulls', 'saved_queries', 'workspace_meta']);
    expect(await remote.read((c) => rowObjects(c, 'SELECT count(*)::INTEGER AS n FROM pulls'))).toEqual([{ n: 0 }]);
    const files = (await readdir(dir)).filter((f) => !f.endsWith('.wal')).sort();
    expect(files).toEqual(['embedded.duckdb', 'embedded.pages', 'remote.duckdb', 'remote.pages']);
  });

  it('marks pulls left running by a killed process partial, with their rows counted again', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-ws-'));
    let ws = await openIn();
    const id = await seedPull(ws, 'SELECT range AS i FROM range(7)', 'running');
    await ws.write((c) => c.run('UPDATE pulls SET rows = 5, ended_at = NULL WHERE id = $1', [id]));
    ws = await reopen(ws);
    const [row] = await ws.read((c) =>
      rowObjects(c, 'SELECT state, CAST(rows AS INTEGER) AS rows, error, ended_at IS NOT NULL AS ended FROM pulls'),
    );
    expect(row).toEqual({ state: 'partial', rows: 7, error: INTERRUPTED_MESSAGE, ended: true });
  });

  it('drops pull tables no pull owns and empties the page folder', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-ws-'));
    let ws = await openIn();
    const kept = await seedPull(ws, "SELECT 'a' AS a");
    await ws.write((c) => c.run('CREATE TABLE pull_99 AS SELECT 1 AS a'));
    // A refresh's staging table left by a crash.
    await ws.write((c) => c.run(`CREATE TABLE refresh_${kept} AS SELECT 1 AS a`));
    await writeFile(join(ws.pageDir, 'pull_99_1.csv'), 'a\n1\n');
    ws = await reopen(ws);
    expect(await tables(ws)).toEqual([`pull_${kept}`, 'pull_refreshes', 'pulls']);
    expect(
      await ws.read((c) => rowObjects(c, "SELECT count(*)::INTEGER AS n FROM duckdb_tables() WHERE table_name LIKE 'refresh_%'")),
    ).toEqual([{ n: 0 }]);
    expect(await readdir(ws.pageDir)).toEqual([]);
  });

  it('runs writes one at a time in call order, also when one fails', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-ws-'));
    const ws = await openIn();
    await ws.write((c) => c.run('CREATE TABLE log (i INTEGER)'));
    const writes = Array.from({ length: 20 }, (_, i) =>
      ws.write(async (c) => {
        if (i === 5) throw new Error('boom');
        await new Promise((r) => setTimeout(r, i % 3));
        await c.run('INSERT INTO log VALUES ($1)', [i]);
      }),
    );
    const settled = await Promise.allSettled(writes);
    expect(settled.filter((s) => s.status === 'rejected')).toHaveLength(1);
    const rows = await ws.read((c) => rowObjects(c, 'SELECT i FROM log ORDER BY rowid'));
    expect(rows.map((r) => r.i)).toEqual(Array.from({ length: 20 }, (_, i) => i).filter((i) => i !== 5));
  });

  it('rolls a failed transaction back', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-ws-'));
    const ws = await openIn();
    await expect(
      ws.transaction(async (c) => {
        await c.run('CREATE TABLE t AS SELECT 1 AS a');
        throw new Error('after the create');
      }),
    ).rejects.toThrow('after the create');
    expect(
      await ws.read((c) => rowObjects(c, "SELECT count(*)::INTEGER AS n FROM duckdb_tables() WHERE table_name = 't'")),
    ).toEqual([{ n: 0 }]);
  });

  it('refuses to be used after close, and close is idempotent', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-ws-'));
    const ws = await openWorkspace(dir, 'embedded');
    await Promise.all([ws.close(), ws.close()]);
    await expect(ws.write(async () => 1)).rejects.toThrow('closed');
    await expect(ws.read(async () => 1)).rejects.toThrow('closed');
  });

  it('says a damaged file is unreadable and leaves it in place', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-ws-'));
    await writeFile(join(dir, 'embedded.duckdb'), 'not a database, just text that is long enough to have a header '.repeat(200));
    const error = await openWorkspace(dir, 'embedded').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkspaceOpenError);
    expect((error as WorkspaceOpenError).reason).toBe('unreadable');
    expect(await readdir(dir)).toContain('embedded.duckdb');
  });

  it('rejects a profile name that is not a plain word', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-ws-'));
    await expect(openWorkspace(dir, '../x' as 'embedded')).rejects.toThrow('not a profile name');
  });
});

describe('Workspace.read', () => {
  it('readsIdle waits for running reads, then quietMs after a long one; short reads do not hold it after they end', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-ws-'));
    const ws = await openIn();
    const elapsed = async (work: Promise<unknown>) => {
      const t0 = performance.now();
      await work;
      return performance.now() - t0;
    };
    // A short read (the catalogue polled): at once after it.
    await ws.read((c) => rowObjects(c, 'SELECT 1 AS one'));
    expect(await elapsed(ws.readsIdle(300))).toBeLessThan(100);
    // A long read: waited for, then the quiet time after its end.
    let longEnded = 0;
    const long = ws
      .read(async (c) => {
        await new Promise((resolve) => setTimeout(resolve, LONG_READ_MS + 20));
        return rowObjects(c, 'SELECT 1 AS one');
      })
      .then(() => (longEnded = performance.now()));
    await new Promise((resolve) => setTimeout(resolve, 10));
    await ws.readsIdle(300);
    await long;
    expect(performance.now() - longEnded).toBeGreaterThanOrEqual(290);
  });

  it('runs a few reads at once, starts the newest waiting one first, and drops one whose caller gave up', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-ws-'));
    const ws = await openIn();
    const started: string[] = [];
    const gates: (() => void)[] = [];
    const gated = (name: string, signal?: AbortSignal) =>
      ws.read(async (conn) => {
        started.push(name);
        await new Promise<void>((resolve) => gates.push(resolve));
        return (await rowObjects(conn, 'SELECT 1 AS one'))[0]!.one;
      }, signal);
    const busy = Array.from({ length: READ_CONCURRENCY }, (_, i) => gated(`busy${i}`));
    const older = gated('older');
    const gone = new AbortController();
    const abandoned = gated('abandoned', gone.signal);
    const newer = gated('newer');
    await expect.poll(() => started.length).toBe(READ_CONCURRENCY);
    gone.abort();
    await expect(abandoned).rejects.toBeInstanceOf(ReadCancelledError);
    // Each freed place goes to the newest read still waiting.
    gates.shift()!();
    await expect.poll(() => started.at(-1)).toBe('newer');
    gates.shift()!();
    await expect.poll(() => started.at(-1)).toBe('older');
    while (gates.length > 0) gates.shift()!();
    expect(await Promise.all([...busy, older, newer])).toEqual(Array(READ_CONCURRENCY + 2).fill(1));
    expect(started).not.toContain('abandoned');
  });

  it('interrupts a running read when its caller gives up', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-ws-'));
    const ws = await openIn();
    const gone = new AbortController();
    const slow = ws.read((conn) => rowObjects(conn, 'SELECT count(*) AS n FROM range(20000000000) a'), gone.signal);
    setTimeout(() => gone.abort(), 100);
    await expect(slow).rejects.toBeInstanceOf(ReadCancelledError);
    expect(await ws.read((conn) => rowObjects(conn, 'SELECT 2 AS two'))).toEqual([{ two: 2 }]);
  });
});
