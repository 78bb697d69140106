import { rm } from 'node:fs/promises';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR } from '../app.js';
import { KEYS_ENTRY, syntheticEntry, syntheticRows } from '../test-support/queryFixtures.js';
import { tempDir } from '../test-support/testing.js';
import { DataChanges } from './changes.js';
import { pageKeyNames, readKeyOrder, recordKeyOrder, storedInKeyOrder } from './keyOrder.js';
import { DatasetStore } from './store.js';

let instance: DuckDBInstance;
let conn: DuckDBConnection;
beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  conn = await instance.connect();
});
afterAll(() => {
  conn.closeSync();
  instance.closeSync();
});

const KEYS = ['interval_start_utc', 'location', 'sub'];
const table = async (name: string, select: string) => conn.run(`CREATE OR REPLACE TABLE ${name} AS ${select}`);

describe('storedInKeyOrder', () => {
  it('is true for rows in key order, NULLs of a later key first, and false once two rows swap', async () => {
    const keyed = `SELECT * FROM (${KEYS_ENTRY.load(() => '')})`;
    await table('keys_sorted', `${keyed} ORDER BY interval_start_utc, location, sub NULLS FIRST`);
    expect(await storedInKeyOrder(conn, 'keys_sorted', KEYS)).toBe(true);
    // The same rows, NULL keys last: not the order pages are read in.
    await table('keys_nulls_last', `${keyed} ORDER BY interval_start_utc, location, sub NULLS LAST`);
    expect(await storedInKeyOrder(conn, 'keys_nulls_last', KEYS)).toBe(false);
    await table('two_swapped', `SELECT * FROM (VALUES (1, 'a'), (3, 'b'), (2, 'c'), (4, 'd')) v(t, loc)`);
    expect(await storedInKeyOrder(conn, 'two_swapped', ['t', 'loc'])).toBe(false);
    expect(await storedInKeyOrder(conn, 'two_swapped', ['loc', 't'])).toBe(true);
  });

  it('is false once a row is deleted: rowid is no longer each row’s position', async () => {
    await table('deleted', `SELECT * FROM range(10) r(t)`);
    expect(await storedInKeyOrder(conn, 'deleted', ['t'])).toBe(true);
    await conn.run('DELETE FROM deleted WHERE t = 4');
    expect(await storedInKeyOrder(conn, 'deleted', ['t'])).toBe(false);
  });

  it('recordKeyOrder writes one fact per entry with its page keys; readKeyOrder reads them, or none', async () => {
    const inner = await DuckDBInstance.create(':memory:');
    const c = await inner.connect();
    try {
      expect(await readKeyOrder(c)).toEqual(new Map());
      const synthetic = syntheticEntry('fx_synthetic', 100);
      // Stored in reverse: the fact says so.
      await c.run(`CREATE TABLE fx_synthetic AS SELECT * FROM (${syntheticRows(0, 100)}) ORDER BY interval_start_utc DESC`);
      await c.run(`CREATE TABLE fx_sorted AS ${syntheticRows(0, 100)}`);
      // Its loader sorts NULL subs last, pages read them first.
      await c.run(`CREATE TABLE fx_keys AS ${KEYS_ENTRY.load(() => '')}`);
      await recordKeyOrder(c, [synthetic, syntheticEntry('fx_sorted', 100), KEYS_ENTRY]);
      expect(await readKeyOrder(c)).toEqual(
        new Map([
          ['fx_synthetic', { keys: 'interval_start_utc,location', ordered: false }],
          ['fx_sorted', { keys: 'interval_start_utc,location', ordered: true }],
          ['fx_keys', { keys: 'interval_start_utc,location,sub', ordered: false }],
        ]),
      );
      expect(pageKeyNames({ time_index_column: 'b', primary_key_columns: ['a', 'b', 'c'] })).toEqual(['b', 'a', 'c']);
    } finally {
      c.closeSync();
      inner.closeSync();
    }
  });
});

describe('DatasetStore.storedInKeyOrder', () => {
  it('answers from the build for the page keys only, and not after a data change', async () => {
    const cacheDir = await tempDir('key-order');
    const catalogue = [syntheticEntry('fx_ordered', 500)];
    const store = await DatasetStore.open({ dataDir: DEFAULT_DATA_DIR, cacheDir, catalogue, writable: true });
    try {
      expect(store.storedInKeyOrder('fx_ordered', ['interval_start_utc', 'location'])).toBe(true);
      expect(store.storedInKeyOrder('fx_ordered', ['location', 'interval_start_utc'])).toBeUndefined();
      expect(store.storedInKeyOrder('fx_unknown', ['interval_start_utc', 'location'])).toBeUndefined();
      expect(store.revision('fx_ordered')).toBe(0);
      const changes = new DataChanges();
      changes.attach(store);
      await changes.apply({
        dataset: 'fx_ordered',
        insertSql: `INSERT INTO fx_ordered ${syntheticRows(500, 10)}`,
        isBackfill: false,
        startTimeUtc: '2020-01-01T04:10:00Z',
        endTimeUtc: '2020-01-01T04:15:00Z',
      });
      expect(store.storedInKeyOrder('fx_ordered', ['interval_start_utc', 'location'])).toBeUndefined();
      expect(store.revision('fx_ordered')).toBe(1);
    } finally {
      store.close();
      await rm(cacheDir, { recursive: true, force: true });
    }
  });
});
