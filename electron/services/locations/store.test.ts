import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../common/logger.js';
import { emptyIndex, indexFile, readIndex, writeIndex } from './store.js';
import type { IndexData } from './store.js';

const REMOTE = { profile: 'remote' as const, id: 'remote https://api.example/v1' };
let dir: string;
beforeAll(() => setLogSink(() => undefined));
afterAll(() => setLogSink());
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gs-location-index-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const sample = (): IndexData => ({
  listed: ['c-1', 'c-2'],
  read: new Map([
    ['c-1', ['l-1', 'l-2']],
    ['c-2', ['l-2']],
  ]),
  locations: new Map([
    ['l-1', { name: 'A Hub', market: 'pjm' }],
    ['l-2', { name: 'B Zone', market: 'pjm' }],
    ['l-9', { name: 'Named by no constraint', market: 'pjm' }],
  ]),
});

describe('the index file', () => {
  it('round-trips, writing each location once and dropping those no constraint names', async () => {
    await writeIndex(dir, REMOTE, sample());
    const back = await readIndex(dir, REMOTE);
    expect(back.listed).toEqual(['c-1', 'c-2']);
    expect(back.read).toEqual(sample().read);
    expect([...back.locations.keys()]).toEqual(['l-1', 'l-2']);
    const raw = JSON.parse(await readFile(indexFile(dir, REMOTE), 'utf8'));
    expect(raw).toEqual({
      version: 1,
      profile: 'remote',
      target: REMOTE.id,
      listed: ['c-1', 'c-2'],
      locations: [
        ['l-1', 'A Hub', 'pjm'],
        ['l-2', 'B Zone', 'pjm'],
      ],
      read: { 'c-1': [0, 1], 'c-2': [1] },
    });
    expect(await readdir(dir)).toEqual([expect.stringMatching(/^remote-[0-9a-f]{16}\.json$/)]); // no temp file left
  });

  it('one file per profile and server; a missing one is an empty index', async () => {
    const other = { profile: 'remote' as const, id: 'remote https://other.example/v1' };
    expect(indexFile(dir, other)).not.toBe(indexFile(dir, REMOTE));
    await writeIndex(dir, REMOTE, sample());
    expect(await readIndex(dir, other)).toEqual(emptyIndex());
  });

  it('ignores a file that is not JSON, fails the schema, or names another server', async () => {
    const file = indexFile(dir, REMOTE);
    for (const text of ['{ not json', JSON.stringify({ version: 2 }), JSON.stringify({ version: 1, profile: 'remote' })]) {
      await writeFile(file, text);
      expect(await readIndex(dir, REMOTE)).toEqual(emptyIndex());
    }
    await writeIndex(dir, REMOTE, sample());
    const raw = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...raw, target: 'remote https://elsewhere.example/v1' }));
    expect(await readIndex(dir, REMOTE)).toEqual(emptyIndex());
  });
});
