import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { DatasetWithTimezone, ExportFileEntry } from '../../shared/index.js';
import { ident, isoUtc, sqlString } from '../data/sql.js';
import { objectKey } from './keys.js';

/**
 * The per-day export files (spec endpoints 9–10): gzipped CSV with a header line, the dataset's
 * columns in table order, UTC times as `2024-03-01T00:00:00+00:00`, rows in primary-key order. A
 * file's date is the UTC date of the publish time column when the dataset has one, else of the time
 * index. Files are written lazily (first listing or download) under
 * `<cache>/exports/<main data file stem>/<object key>`, so a rebuilt data file starts a fresh set
 * and older sets are removed. Reads open their own read-only DuckDB instance on the main file.
 */

/** The datasets an export can be made of (DatasetStore satisfies it). */
export interface ExportSource {
  /** The main DuckDB file. */
  readonly path: string;
  get(id: string): DatasetWithTimezone | undefined;
}

/** A written file. */
export interface ExportFile {
  path: string;
  size: number;
  modified: Date;
}

const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

export class ExportFiles {
  private instance?: Promise<DuckDBInstance>;
  private readonly writing = new Map<string, Promise<ExportFile>>();
  private readonly dateCache = new Map<string, Promise<string[]>>();
  private closed = false;
  /** Folder of this data file's exports. */
  readonly root: string;

  constructor(private readonly source: ExportSource) {
    const cache = path.dirname(source.path);
    this.root = path.join(cache, 'exports', path.basename(source.path).replace(/\.duckdb$/, ''));
  }

  /** The column whose UTC date names a row's file. */
  static dateColumn(dataset: DatasetWithTimezone): string {
    return dataset.publish_time_column ?? dataset.time_index_column!;
  }

  /** Sorted distinct file dates (`YYYY-MM-DD`) of a dataset. */
  dates(dataset: DatasetWithTimezone): Promise<string[]> {
    let pending = this.dateCache.get(dataset.id);
    if (!pending) {
      const column = ident(ExportFiles.dateColumn(dataset));
      const sql = `SELECT DISTINCT strftime(CAST(${column} AS DATE), '%Y-%m-%d') AS d FROM ${ident(dataset.id)} WHERE ${column} IS NOT NULL ORDER BY 1`;
      pending = this.run(async (conn) => (await conn.runAndReadAll(sql)).getRowObjectsJson().map((row) => String(row.d)));
      pending.catch(() => this.dateCache.delete(dataset.id));
      this.dateCache.set(dataset.id, pending);
    }
    return pending;
  }

  /** The file of a dataset and date, written first when absent. The date must be one of {@link dates}. */
  ensure(dataset: DatasetWithTimezone, date: string): Promise<ExportFile> {
    const target = path.join(this.root, objectKey(dataset.id, date));
    let pending = this.writing.get(target);
    if (!pending) {
      pending = this.write(dataset, date, target);
      this.writing.set(target, pending);
      pending.finally(() => this.writing.delete(target)).catch(() => undefined);
    }
    return pending;
  }

  /** Listing entries for the given dates (each file written when absent). */
  async entries(dataset: DatasetWithTimezone, dates: readonly string[]): Promise<ExportFileEntry[]> {
    const entries: ExportFileEntry[] = [];
    for (const date of dates) {
      const file = await this.ensure(dataset, date);
      entries.push({ date, size_bytes: file.size, last_modified: iso(file.modified) });
    }
    return entries;
  }

  private async write(dataset: DatasetWithTimezone, date: string, target: string): Promise<ExportFile> {
    const existing = await stat(target).catch(() => undefined);
    if (existing) return { path: target, size: existing.size, modified: existing.mtime };
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    const columns = dataset.all_columns.map((c) => (c.type === 'TIMESTAMP' ? `${isoUtc(ident(c.name))} AS ${ident(c.name)}` : ident(c.name)));
    const order = (dataset.primary_key_columns ?? [dataset.time_index_column!]).map(ident).join(', ');
    const sql = `COPY (SELECT ${columns.join(', ')} FROM ${ident(dataset.id)}
                       WHERE CAST(${ident(ExportFiles.dateColumn(dataset))} AS DATE) = CAST($date AS DATE) ORDER BY ${order})
                 TO ${sqlString(temp)} (FORMAT csv, HEADER true, COMPRESSION gzip)`;
    try {
      await this.run((conn) => conn.run(sql, { date }));
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    const written = await stat(target);
    return { path: target, size: written.size, modified: written.mtime };
  }

  /** Runs work on a connection of the lazily opened read-only instance. */
  private async run<T>(work: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('ExportFiles is closed');
    this.instance ??= this.open();
    const conn = await (await this.instance).connect();
    try {
      return await work(conn);
    } finally {
      conn.closeSync();
    }
  }

  /** Opens the instance and removes export folders of older data files (best effort). */
  private async open(): Promise<DuckDBInstance> {
    const parent = path.dirname(this.root);
    await mkdir(parent, { recursive: true });
    for (const name of await readdir(parent)) {
      if (path.join(parent, name) !== this.root) await rm(path.join(parent, name), { recursive: true, force: true }).catch(() => undefined);
    }
    return DuckDBInstance.create(this.source.path, { access_mode: 'READ_ONLY' });
  }

  /** Closes the DuckDB instance if it was opened. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.instance) (await this.instance.catch(() => undefined))?.closeSync();
  }
}
