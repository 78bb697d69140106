import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCsvHeader, writePageFile } from './pageFile.js';

/** Page bodies written to files: header names, whole lines, and bodies cut short. */

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gs-page-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A body of `chunks`, failing after them when `error` is given. */
function body(chunks: string[], error?: Error): Readable {
  return Readable.from(
    (async function* () {
      for (const chunk of chunks) yield Buffer.from(chunk);
      if (error) throw error;
    })(),
  );
}

describe('parseCsvHeader', () => {
  it('splits names, with RFC 4180 quotes and a CR line end', () => {
    expect(parseCsvHeader('interval_start_utc,location,lmp')).toEqual(['interval_start_utc', 'location', 'lmp']);
    expect(parseCsvHeader('"a,b","say ""hi""",c\r')).toEqual(['a,b', 'say "hi"', 'c']);
    expect(() => parseCsvHeader('"open')).toThrow('unterminated quote');
  });
});

describe('writePageFile', () => {
  it('writes the bytes as they come and finds the header across chunks', async () => {
    const path = join(dir, 'p.csv');
    const sizes: number[] = [];
    const page = await writePageFile(body(['interval_st', 'art_utc,lmp\n2024-03-01T00:00:00+00:00,2', '1.5\n']), path, (n) =>
      sizes.push(n),
    );
    expect(page).toEqual({ path, header: ['interval_start_utc', 'lmp'], headerBytes: 23, bytes: 54, wholeBytes: 54 });
    expect(sizes).toEqual([11, 50, 54]);
    expect(await readFile(path, 'utf8')).toBe('interval_start_utc,lmp\n2024-03-01T00:00:00+00:00,21.5\n');
  });

  it('ends a last line that has no line end', async () => {
    const path = join(dir, 'p.csv');
    const page = await writePageFile(body(['a,b\n1,2']), path);
    expect(page).toMatchObject({ header: ['a', 'b'], bytes: 8, wholeBytes: 8 });
    expect(await readFile(path, 'utf8')).toBe('a,b\n1,2\n');
    expect(await writePageFile(body(['a,b']), path)).toMatchObject({ header: ['a', 'b'], headerBytes: 4, wholeBytes: 4 });
  });

  it('returns what arrived before a failure, with the end of the last whole line', async () => {
    const path = join(dir, 'p.csv');
    const cut = new Error('socket hang up');
    const page = await writePageFile(body(['a,b\n1,2\n3,', '4\n5'], cut), path);
    expect(page).toMatchObject({ header: ['a', 'b'], bytes: 13, wholeBytes: 12, error: cut });
    expect(await readFile(path, 'utf8')).toBe('a,b\n1,2\n3,4\n5');
  });
});
