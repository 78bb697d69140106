import { mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import writeFileAtomic from 'write-file-atomic';
import type { DatasetWithTimezone, ExportFileEntry } from '../../shared/index.js';
import { ident, isoUtc, sqlString } from '../data/sql.js';
import { objectKey } from './keys.js';

/** The datasets an export can be made of (DatasetStore satisfies it); `path` is the main DuckDB file. */
export interface ExportSource {
  readonly path: string;
  get(id: string): DatasetWithTimezone | undefined;
}

/** A written export file: path, size in bytes, modification time. */
export interface ExportFile {
  path: string;
  size: number;
  modified: Date;
}

const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** Per-day gzipped CSV files (docs/api.md#export-file-list), written lazily to `<cache>/exports/<data file stem>/<key>`. */
export class ExportFiles {
  private instance?: Promise<DuckDBInstance>;
  private readonly writing = new Map<string, Promise<ExportFile>>();
  private readonly dateCache = new Map<string, Promise<string[]>>();
  private closed = false;
  readonly root: string;

  constructor(private readonly source: ExportSource) {
    const cache = path.dirname(source.path);
    this.root = path.join(cache, 'exports', path.basename(source.path).replace(/\.duckdb$/, ''));
  }

  static dateColumn(dataset: DatasetWithTimezone): string {
    return dataset.publish_time_column ?? dataset.time_index_column!;
  }

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

  /** The file of a dataset and date, written first when absent; `date` must be one of the sorted `YYYY-MM-DD` {@link dates}. */
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
    // DuckDB writes the file itself: into a scratch folder, then into place atomically (a day's file is small: read whole).
    const scratch = await mkdtemp(path.join(this.root, '.copy-'));
    const temp = path.join(scratch, 'export.csv.gz');
    const columns = dataset.all_columns.map((c) =>
      c.type === 'TIMESTAMP' ? `${isoUtc(ident(c.name))} AS ${ident(c.name)}` : ident(c.name),
    );
    const order = (dataset.primary_key_columns ?? [dataset.time_index_column!]).map(ident).join(', ');
    const sql = `COPY (SELECT ${columns.join(', ')} FROM ${ident(dataset.id)}
                       WHERE CAST(${ident(ExportFiles.dateColumn(dataset))} AS DATE) = CAST($date AS DATE) ORDER BY ${order})
                 TO ${sqlString(temp)} (FORMAT csv, HEADER true, COMPRESSION gzip)`;
    try {
      await this.run((conn) => conn.run(sql, { date }));
      await writeFileAtomic(target, await readFile(temp), { fsync: true });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    const written = await stat(target);
    return { path: target, size: written.size, modified: written.mtime };
  }

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

  /** Also removes export folders of older data files (best effort): a rebuilt data file starts a fresh set. */
  private async open(): Promise<DuckDBInstance> {
    const parent = path.dirname(this.root);
    await mkdir(parent, { recursive: true });
    for (const name of await readdir(parent)) {
      if (path.join(parent, name) !== this.root)
        await rm(path.join(parent, name), { recursive: true, force: true }).catch(() => undefined);
    }
    return DuckDBInstance.create(this.source.path, { access_mode: 'READ_ONLY' });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.instance) (await this.instance.catch(() => undefined))?.closeSync();
  }
}
