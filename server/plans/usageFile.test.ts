import { readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../test-support/testing.js';
import { UsageStore } from './usageFile.js';

/** The usage file: atomic writes, debounce, flush on close, damaged files, a second process. */

const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);
let dir: string;
beforeAll(async () => {
  dir = await tempDir('usage-file');
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8'));

describe('UsageStore', () => {
  it('starts empty without a file and writes nothing until a change', async () => {
    const file = path.join(dir, 'new', 'usage.json');
    const store = await UsageStore.open(file);
    expect(store.get(KEY_A)).toBeUndefined();
    await store.close();
    expect(await readdir(dir)).not.toContain('new');
  });

  it('writes a change after the debounce, through a temporary file renamed into place', async () => {
    const file = path.join(dir, 'debounced.json');
    const store = await UsageStore.open(file, 20);
    store.set(KEY_A, { period: '2026-11', requests: 1, rows: 0 });
    store.set(KEY_A, { period: '2026-11', requests: 2, rows: 10 });
    await vi.waitFor(async () =>
      expect((await readJson(file)).keys[KEY_A]).toEqual({ period: '2026-11', requests: 2, rows: 10 }),
    );
    // Only the file itself: no temporary file left beside it, and readable by its owner only.
    expect((await readdir(dir)).filter((name) => name.startsWith('debounced.json'))).toEqual(['debounced.json']);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    await store.close();
  });

  it('writes on close without waiting for the debounce, and reads it back', async () => {
    const file = path.join(dir, 'closed.json');
    const store = await UsageStore.open(file, 60_000);
    store.set(KEY_A, { period: '2026-11', requests: 7, rows: 70 });
    await store.close();
    expect(await readJson(file)).toEqual({ version: 1, keys: { [KEY_A]: { period: '2026-11', requests: 7, rows: 70 } } });
    const reopened = await UsageStore.open(file);
    expect(reopened.get(KEY_A)).toEqual({ period: '2026-11', requests: 7, rows: 70 });
    await reopened.close();
  });

  it.each([
    ['not JSON', 'usage?'],
    [
      'a key that is not a hash',
      JSON.stringify({ version: 1, keys: { 'my-api-key': { period: '2026-11', requests: 1, rows: 0 } } }),
    ],
    ['a negative count', JSON.stringify({ version: 1, keys: { [KEY_A]: { period: '2026-11', requests: -1, rows: 0 } } })],
  ])('moves a file with %s aside and starts afresh', async (_case, text) => {
    const file = path.join(dir, `damaged-${text.length}.json`);
    await writeFile(file, text);
    const store = await UsageStore.open(file);
    expect(store.get(KEY_A)).toBeUndefined();
    expect(store.setAside).toMatch(/\.invalid-\d+$/);
    expect(await readFile(store.setAside!, 'utf8')).toBe(text);
    await store.close();
  });

  it('keeps the keys another process counts in the same file', async () => {
    const file = path.join(dir, 'shared.json');
    const first = await UsageStore.open(file, 60_000);
    const second = await UsageStore.open(file, 60_000);
    first.set(KEY_A, { period: '2026-11', requests: 1, rows: 0 });
    await first.flush();
    second.set(KEY_B, { period: '2026-11', requests: 5, rows: 0 });
    await second.flush();
    first.set(KEY_A, { period: '2026-11', requests: 2, rows: 0 });
    await first.close();
    await second.close();
    expect(Object.keys((await readJson(file)).keys).sort()).toEqual([KEY_A, KEY_B]);
    expect(first.get(KEY_B)?.requests).toBe(5);
  });
});
