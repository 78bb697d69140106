import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { CatalogueEntry } from './catalogue/index.js';
import { recordKeyOrder } from './keyOrder.js';
import { ident, sqlString } from './sql.js';

/** Bump when the build changes in a way the hashed SQL text does not show. */
export const BUILD_VERSION = 2;

/** Table holding the build's own facts (`built_at_utc`, `source_hash`, `build_version`). */
export const BUILD_TABLE = '_gridscope_build';

const FILE_PREFIX = 'gridscope-data-';
const FILE_PATTERN = /^gridscope-data-[0-9a-f]{16}\.duckdb(\.wal)?$/;

/** Where the data comes from and where the built file goes; `catalogue` is the list to build. */
export interface BuildOptions {
  dataDir: string;
  cacheDir: string;
  catalogue: readonly CatalogueEntry[];
}

/** Result of {@link ensureDatabase}: the file's path, whether this call built it, and the source hash. */
export interface BuiltDatabase {
  path: string;
  built: boolean;
  hash: string;
}

function fileLiteral(entry: CatalogueEntry, dataDir: string) {
  return (relative: string): string => {
    if (!entry.files.includes(relative)) throw new Error(`${entry.id} loads undeclared file ${relative}`);
    return sqlString(path.join(dataDir, relative));
  };
}

/** Hex SHA-256 over BUILD_VERSION, each entry's id and SQL and every source file's bytes; throws when a file is unreadable. */
export async function sourceHash(dataDir: string, catalogue: readonly CatalogueEntry[]): Promise<string> {
  const hash = createHash('sha256').update(`gridscope-data v${BUILD_VERSION}\n`);
  for (const entry of catalogue) {
    hash.update(`${entry.id}\n${entry.load((rel) => sqlString(rel))}\n`);
    for (const rel of entry.files) {
      const bytes = await readFile(path.join(dataDir, rel));
      hash.update(`${rel}\0${bytes.length}\0`).update(bytes);
    }
  }
  return hash.digest('hex');
}

async function checkTable(conn: DuckDBConnection, entry: CatalogueEntry): Promise<void> {
  const described = (await conn.runAndReadAll(`DESCRIBE ${ident(entry.id)}`)).getRowObjectsJson();
  const names = new Set(described.map((row) => String(row.column_name)));
  const declared = [entry.time_index_column, entry.subseries_index_column, entry.publish_time_column, ...entry.primary_key_columns];
  for (const column of declared) {
    if (column !== null && !names.has(column)) throw new Error(`${entry.id} has no column ${column}`);
  }
  const nulls = await conn.runAndReadAll(
    `SELECT count(*)::INTEGER AS n FROM ${ident(entry.id)} WHERE ${ident(entry.time_index_column)} IS NULL`,
  );
  const n = Number(nulls.getRowObjectsJson()[0]?.n);
  if (n !== 0) throw new Error(`${entry.id}: ${n} rows have no ${entry.time_index_column}`);
}

async function buildInto(target: string, options: BuildOptions, hash: string): Promise<void> {
  const instance = await DuckDBInstance.create(target);
  try {
    const conn = await instance.connect();
    try {
      await conn.run("SET TimeZone = 'UTC'");
      for (const entry of options.catalogue) {
        const select = entry.load(fileLiteral(entry, options.dataDir));
        await conn.run(`CREATE TABLE ${ident(entry.id)} AS ${select}`);
        await checkTable(conn, entry);
      }
      await recordKeyOrder(conn, options.catalogue);
      await conn.run(
        `CREATE TABLE ${ident(BUILD_TABLE)} AS SELECT $built_at AS built_at_utc, $hash AS source_hash, $version::INTEGER AS build_version`,
        { built_at: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'), hash, version: BUILD_VERSION },
      );
      await conn.run('CHECKPOINT');
    } finally {
      conn.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

async function removeStale(cacheDir: string, keep: string): Promise<void> {
  for (const name of await readdir(cacheDir)) {
    if (FILE_PATTERN.test(name) && path.join(cacheDir, name) !== keep) {
      await rm(path.join(cacheDir, name), { force: true }).catch(() => undefined);
    }
  }
}

/** The cache's DuckDB file for the current sources (named by {@link sourceHash}), built when absent; throws if a loader fails. */
export async function ensureDatabase(options: BuildOptions): Promise<BuiltDatabase> {
  const hash = await sourceHash(options.dataDir, options.catalogue);
  const target = path.join(options.cacheDir, `${FILE_PREFIX}${hash.slice(0, 16)}.duckdb`);
  if (existsSync(target)) return { path: target, built: false, hash };

  await mkdir(options.cacheDir, { recursive: true });
  const temp = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await buildInto(temp, options, hash);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    await rm(`${temp}.wal`, { force: true });
    // Another process may have renamed the same build into place first (Windows refuses to replace an open file).
    if (!existsSync(target)) throw error;
  }
  await removeStale(options.cacheDir, target);
  return { path: target, built: true, hash };
}
