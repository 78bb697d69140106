import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { CsvHeaderReader } from './csvHeader.js';

/**
 * Verification of a downloaded file (docs/downloads.md#verification), in this order, stopping at the first failure:
 * 1. size: the bytes on disk equal the expected size (listing and/or the response's total);
 * 2. gzip: the whole file inflates (every member of a multi-member file; CRC, length and truncation are checked by
 *    zlib), while the compressed bytes are hashed with SHA-256;
 * 3. sha256: equals the record's, when re-verifying a library file;
 * 4. header: the CSV header names equal the dataset's columns, in order (read with DuckDB).
 */
export interface VerifyExpectation {
  /** Null: unknown, the size check is skipped (never the case for a listed file). */
  expectedBytes: number | null;
  columns: readonly string[];
  /** Hex SHA-256 the file must have (library re-verification); absent while downloading. */
  sha256?: string | null;
}

export type VerifyCheck = 'size' | 'gzip' | 'sha256' | 'header';
export type VerifyOutcome =
  { ok: true; bytes: number; sha256: string } | { ok: false; check: VerifyCheck; message: string; bytes: number };

/** Verifies `path`; never throws for a bad file (a missing file is a `size` failure). Rejects only when `signal` aborts. */
export async function verifyFile(
  path: string,
  expect: VerifyExpectation,
  header: CsvHeaderReader,
  signal?: AbortSignal,
): Promise<VerifyOutcome> {
  const info = await stat(path).catch(() => undefined);
  const bytes = info?.size ?? 0;
  if (!info) return { ok: false, check: 'size', message: 'Size check failed: the file is missing.', bytes };
  if (expect.expectedBytes !== null && bytes !== expect.expectedBytes) {
    return {
      ok: false,
      check: 'size',
      message: `Size check failed: ${bytes} bytes on disk, ${expect.expectedBytes} expected.`,
      bytes,
    };
  }

  const hash = createHash('sha256');
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const sink = new Writable({ write: (_chunk, _enc, done) => done() });
  try {
    await pipeline(createReadStream(path), tap, createGunzip(), sink, signal ? { signal } : {});
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    const why = err instanceof Error ? err.message : String(err);
    return { ok: false, check: 'gzip', message: `Gzip check failed: the file does not decompress (${why}).`, bytes };
  }
  const sha256 = hash.digest('hex');
  if (expect.sha256 && expect.sha256 !== sha256) {
    return { ok: false, check: 'sha256', message: 'Checksum check failed: the file changed since it was downloaded.', bytes };
  }

  let found: string[];
  try {
    found = await header.columns(path);
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
    return { ok: false, check: 'header', message: `Header check failed: the CSV header could not be read (${why}).`, bytes };
  }
  if (found.length !== expect.columns.length || found.some((name, i) => name !== expect.columns[i])) {
    return {
      ok: false,
      check: 'header',
      message: `Header check failed: the columns are ${preview(found)}, expected ${preview(expect.columns)}.`,
      bytes,
    };
  }
  return { ok: true, bytes, sha256 };
}

function preview(names: readonly string[]): string {
  const shown = names.slice(0, 8).join(', ');
  return names.length > 8 ? `${shown} … (${names.length} in all)` : shown || '(none)';
}
