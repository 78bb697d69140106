import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../common/logger.js';
import { getPull, listPulls } from './history.js';
import { readRows } from './page.js';
import { recordPull } from './pullJob.js';
import { rowObjects } from './sql.js';
import { SCHEMA_VERSION, openWorkspace } from './workspace.js';

/**
 * A workspace file of schema 1 (before binding pulls) or 2 (before local reviews) opens: its pulls read as they were,
 * new pulls record a kind and a local review its files.
 */

/** The catalogue as schema 1 wrote it, with one complete pull of 2 rows. */
const V1 = [
  'CREATE TABLE workspace_meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)',
  "INSERT INTO workspace_meta VALUES ('schema_version', '1'), ('profile', 'embedded')",
  'CREATE SEQUENCE pull_ids START 1',
  `CREATE TABLE pulls (
     id INTEGER PRIMARY KEY DEFAULT nextval('pull_ids'), dataset_id VARCHAR NOT NULL, params JSON NOT NULL,
     profile VARCHAR NOT NULL, started_at TIMESTAMPTZ NOT NULL DEFAULT now(), ended_at TIMESTAMPTZ,
     state VARCHAR NOT NULL CHECK (state IN ('running', 'complete', 'partial', 'failed', 'cancelled')),
     rows BIGINT NOT NULL DEFAULT 0, pages INTEGER NOT NULL DEFAULT 0, rows_charged BIGINT NOT NULL DEFAULT 0,
     error VARCHAR, table_name VARCHAR NOT NULL, columns JSON)`,
  'CREATE SEQUENCE saved_query_ids START 1',
  `CREATE TABLE saved_queries (id INTEGER PRIMARY KEY DEFAULT nextval('saved_query_ids'), name VARCHAR NOT NULL,
     dataset_id VARCHAR NOT NULL, params JSON NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
  `INSERT INTO pulls (dataset_id, params, profile, state, rows, pages, rows_charged, table_name, columns, ended_at)
     VALUES ('pjm_lmp', '{"datasetId":"pjm_lmp","limit":2}', 'embedded', 'complete', 2, 1, 2, 'pull_1',
             '[{"name":"lmp","type":"DOUBLE"}]', now())`,
  'CREATE TABLE pull_1 (lmp DOUBLE)',
  'INSERT INTO pull_1 VALUES (20.5), (21.5)',
];

let dir: string;
beforeEach(async () => {
  setLogSink(() => undefined);
  dir = await mkdtemp(join(tmpdir(), 'gs-migrate-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Schema 2 added the pull kind and binding details to schema 1. */
const V2 = [
  ...V1.map((s) => s.replace("('schema_version', '1')", "('schema_version', '2')")),
  "ALTER TABLE pulls ADD COLUMN kind VARCHAR DEFAULT 'query'",
  'ALTER TABLE pulls ADD COLUMN binding JSON',
  `INSERT INTO pulls (dataset_id, params, profile, state, table_name, kind, binding, ended_at)
     VALUES ('rt', '{"datasetId":"rt","limit":5}', 'embedded', 'failed', 'pull_2', 'binding',
             '{"priceThreshold":null,"limitReached":false}', now())`,
];

async function writeV1File(statements: readonly string[] = V1): Promise<void> {
  const instance = await DuckDBInstance.create(join(dir, 'embedded.duckdb'));
  const conn = await instance.connect();
  for (const statement of statements) await conn.run(statement);
  conn.closeSync();
  instance.closeSync();
}

describe('opening a schema-1 workspace', () => {
  it('adds the pull kind: old pulls are dataset queries with their rows; binding pulls can be recorded; it reopens', async () => {
    await writeV1File();
    const ws = await openWorkspace(dir, 'embedded');
    try {
      expect(await getPull(ws, 1)).toMatchObject({
        ok: true,
        value: {
          id: 1,
          kind: 'query',
          binding: null,
          local: null,
          params: { datasetId: 'pjm_lmp', limit: 2 },
          rows: 2,
          state: 'complete',
        },
      });
      expect(await readRows(ws, 1)).toMatchObject({ ok: true, value: { rows: [[20.5], [21.5]], totalRows: 2 } });
      const version = await ws.read((c) => rowObjects(c, "SELECT value FROM workspace_meta WHERE key = 'schema_version'"));
      expect(version).toEqual([{ value: String(SCHEMA_VERSION) }]);
      const recorded = await recordPull(ws, { datasetId: 'rt', limit: 5 }, 'binding', { priceThreshold: 3, limitReached: false });
      expect(recorded.ok && (await getPull(ws, recorded.value))).toMatchObject({
        ok: true,
        value: { id: 2, kind: 'binding', binding: { priceThreshold: 3, limitReached: false }, state: 'running' },
      });
    } finally {
      await ws.close();
    }
    // The migration ran once: a second open finds the current schema and the same records (the running one ended by recovery).
    const again = await openWorkspace(dir, 'embedded');
    try {
      const pulls = await listPulls(again);
      expect(pulls.ok && pulls.value.map((p) => [p.id, p.kind, p.state])).toEqual([
        [2, 'binding', 'partial'],
        [1, 'query', 'complete'],
      ]);
    } finally {
      await again.close();
    }
  });

  it('schema 2 gets the local column: its pulls keep their kinds, a local review records its files', async () => {
    await writeV1File(V2);
    const ws = await openWorkspace(dir, 'embedded');
    try {
      const pulls = await listPulls(ws);
      expect(pulls.ok && pulls.value.map((p) => [p.id, p.kind, p.local])).toEqual([
        [2, 'binding', null],
        [1, 'query', null],
      ]);
      const version = await ws.read((c) => rowObjects(c, "SELECT value FROM workspace_meta WHERE key = 'schema_version'"));
      expect(version).toEqual([{ value: String(SCHEMA_VERSION) }]);
      const local = { dates: ['2024-03-01'], files: 1, bytes: 123, folder: '/downloads' };
      const recorded = await recordPull(ws, { datasetId: 'pjm_lmp' }, 'local', null, local);
      expect(recorded.ok && (await getPull(ws, recorded.value))).toMatchObject({
        ok: true,
        value: { id: 3, kind: 'local', binding: null, local },
      });
    } finally {
      await ws.close();
    }
  });

  it('a new workspace is created at the current schema with the kind columns', async () => {
    const ws = await openWorkspace(dir, 'embedded');
    try {
      const columns = await ws.read((c) =>
        rowObjects(
          c,
          "SELECT column_name FROM duckdb_columns() WHERE table_name = 'pulls' AND column_name IN ('kind', 'binding', 'local')",
        ),
      );
      expect(columns.map((r) => r.column_name).sort()).toEqual(['binding', 'kind', 'local']);
      const recorded = await recordPull(ws, { datasetId: 'pjm_lmp' });
      expect(recorded.ok && (await getPull(ws, recorded.value))).toMatchObject({
        value: { kind: 'query', binding: null, local: null },
      });
    } finally {
      await ws.close();
    }
  });
});
