import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { createSerialQueue } from '../common/fsutil.js';

/**
 * Reads the column names of a gzipped CSV file with DuckDB (no hand-written CSV parser: quoting and escapes are
 * DuckDB's). One in-memory instance per manager, opened on first use; calls run one at a time on its connection.
 */
export interface CsvHeaderReader {
  /** The header's names in order. `path` may end in `.part`: the compression is named, not guessed from the name. */
  columns(path: string): Promise<string[]>;
  close(): void;
}

export function createCsvHeaderReader(): CsvHeaderReader {
  let opened: Promise<{ instance: DuckDBInstance; conn: DuckDBConnection }> | undefined;
  let closed = false;
  const serial = createSerialQueue();
  const open = () => {
    opened ??= (async () => {
      const instance = await DuckDBInstance.create(':memory:');
      return { instance, conn: await instance.connect() };
    })();
    return opened;
  };
  return {
    columns: (path) =>
      serial(async () => {
        if (closed) throw new Error('The download manager is closed.');
        const { conn } = await open();
        // all_varchar: the sniffer must not need to agree on types to name the columns. hive_partitioning off: the
        // folder names (`year=2026/month=03`) would otherwise come back as two extra columns.
        const sql = `DESCRIBE SELECT * FROM read_csv($1, header = true, all_varchar = true, compression = 'gzip', hive_partitioning = false)`;
        const reader = await conn.runAndReadAll(sql, [path]);
        return reader.getRowObjectsJson().map((row) => String(row.column_name));
      }),
    close() {
      if (closed) return;
      closed = true;
      const pending = opened;
      opened = undefined;
      void pending
        ?.then(({ instance, conn }) => {
          // Behind the serial queue, so no query is cut off mid-way.
          void serial(async () => {
            conn.closeSync();
            instance.closeSync();
          });
        })
        .catch(() => undefined);
    },
  };
}
