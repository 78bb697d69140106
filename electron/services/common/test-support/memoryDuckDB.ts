import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll } from 'vitest';

/**
 * An in-memory DuckDB for the test file that calls it: opened before its tests, `onOpen` given the connection (to keep
 * it and to create tables), both closed after its tests.
 */
export function withMemoryDuckDB(onOpen: (conn: DuckDBConnection) => void | Promise<void>): void {
  let instance: DuckDBInstance | undefined;
  let conn: DuckDBConnection | undefined;
  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    conn = await instance.connect();
    await onOpen(conn);
  });
  afterAll(() => {
    conn?.closeSync();
    instance?.closeSync();
  });
}
