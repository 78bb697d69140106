import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCsvHeaderReader } from './csvHeader.js';
import { fixtureCsvGz } from './test-support/fixtures.js';
import { verifyFile } from './verify.js';

/** verify.ts: size, whole-gzip integrity with SHA-256, CSV header (via DuckDB), in that order. */

const COLUMNS = ['interval_start_utc', 'zone', 'load'];
const header = createCsvHeaderReader();
let dir: string;
let good: Buffer;

beforeAll(async () => {
  // A hive-looking path on purpose: DuckDB must not add `year`/`month` columns from it.
  dir = path.join(await mkdtemp(path.join(tmpdir(), 'gs-verify-')), 'ds', 'year=2024', 'month=03');
  await mkdir(dir, { recursive: true });
  good = fixtureCsvGz('2024-03-01');
});
afterAll(async () => {
  header.close();
  await rm(path.dirname(path.dirname(path.dirname(dir))), { recursive: true, force: true });
});

async function fileOf(name: string, bytes: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

describe('verifyFile', () => {
  it('passes a whole file and answers its SHA-256 and size', async () => {
    const file = await fileOf('2024-03-01.csv.gz.part', good);
    const outcome = await verifyFile(file, { expectedBytes: good.length, columns: COLUMNS }, header);
    expect(outcome).toEqual({ ok: true, bytes: good.length, sha256: createHash('sha256').update(good).digest('hex') });
  });

  it('accepts a multi-member gzip', async () => {
    const two = Buffer.concat([good, fixtureCsvGz('2024-03-01', COLUMNS, 3).subarray(0)]);
    // The second member repeats the header as data: still a valid gzip; the header check reads the first line only.
    const file = await fileOf('multi.csv.gz', two);
    const outcome = await verifyFile(file, { expectedBytes: two.length, columns: COLUMNS }, header);
    expect(outcome.ok).toBe(true);
  });

  it('rejects a wrong size before reading anything', async () => {
    const file = await fileOf('size.csv.gz', good);
    const outcome = await verifyFile(file, { expectedBytes: good.length + 1, columns: COLUMNS }, header);
    expect(outcome).toMatchObject({ ok: false, check: 'size' });
    if (!outcome.ok) expect(outcome.message).toContain(`${good.length} bytes on disk, ${good.length + 1} expected`);
  });

  it('rejects a truncated gzip', async () => {
    const cut = good.subarray(0, good.length - 10);
    const file = await fileOf('cut.csv.gz', cut);
    expect(await verifyFile(file, { expectedBytes: cut.length, columns: COLUMNS }, header)).toMatchObject({
      ok: false,
      check: 'gzip',
    });
  });

  it('rejects a flipped byte (CRC or deflate error)', async () => {
    const flipped = Buffer.from(good);
    const at = Math.floor(flipped.length / 2);
    flipped[at] = flipped[at]! ^ 0xff;
    const file = await fileOf('flip.csv.gz', flipped);
    expect(await verifyFile(file, { expectedBytes: flipped.length, columns: COLUMNS }, header)).toMatchObject({
      ok: false,
      check: 'gzip',
    });
  });

  it('rejects a flipped byte in the CRC trailer', async () => {
    const flipped = Buffer.from(good);
    const at = flipped.length - 6;
    flipped[at] = flipped[at]! ^ 0x01;
    const file = await fileOf('crc.csv.gz', flipped);
    expect(await verifyFile(file, { expectedBytes: flipped.length, columns: COLUMNS }, header)).toMatchObject({
      ok: false,
      check: 'gzip',
    });
  });

  it('rejects a header that differs from the dataset columns (order included)', async () => {
    const file = await fileOf('header.csv.gz', good);
    const outcome = await verifyFile(
      file,
      { expectedBytes: good.length, columns: ['interval_start_utc', 'load', 'zone'] },
      header,
    );
    expect(outcome).toMatchObject({ ok: false, check: 'header' });
    if (!outcome.ok) expect(outcome.message).toContain('expected interval_start_utc, load, zone');
    const fewer = await verifyFile(file, { expectedBytes: good.length, columns: ['interval_start_utc', 'zone'] }, header);
    expect(fewer).toMatchObject({ ok: false, check: 'header' });
  });

  it('rejects a checksum that differs from the record', async () => {
    const file = await fileOf('sha.csv.gz', good);
    const outcome = await verifyFile(file, { expectedBytes: good.length, columns: COLUMNS, sha256: '0'.repeat(64) }, header);
    expect(outcome).toMatchObject({ ok: false, check: 'sha256' });
  });

  it('reports a missing file as a size failure', async () => {
    expect(await verifyFile(path.join(dir, 'nope.csv.gz'), { expectedBytes: 1, columns: COLUMNS }, header)).toMatchObject({
      ok: false,
      check: 'size',
    });
  });
});
