import { readFile } from 'node:fs/promises';
import type { BindingPull, StorableType, TableColumn } from '../../../shared/index.js';
import { storableType } from './columns.js';
import { quoteIdent, rowObjects, sqlString } from './sql.js';
import type { Workspace } from './workspace.js';

/**
 * The DuckDB side of a binding pull (docs/workspace.md#binding-pulls): the answer of `GET /constraints/binding`, a JSON
 * array of row objects written to a file, becomes table `pull_<id>` through DuckDB's `read_json`, so no row is ever a
 * JavaScript value. Types follow the explorer's: `*_utc` timestamps as TIMESTAMPTZ (the chart's x axis and the time
 * filters work as for a dataset pull), numbers as DOUBLE, names and ids as VARCHAR.
 */

/** The columns every binding row carries after the dataset's own (docs/api.md#binding-rows). */
export const ENTITY_COLUMNS = ['constraint_gs_entity_id', 'constraint_name', 'contingency_gs_entity_id', 'contingency_name'];

/** A catalogue column (`all_columns` of `GET /datasets/{id}`): its name and SQL type name. */
export interface CatalogueColumn {
  name: string;
  type: string;
}

/**
 * The type a binding column is stored as. A catalogue type wins (whole numbers as DOUBLE); then `*_utc` is a
 * UTC timestamp (the API writes `…+00:00`); then DuckDB's sniffed type: numbers DOUBLE, booleans, dates, any
 * timestamp TIMESTAMPTZ, everything else (text, UUIDs, all-null JSON) VARCHAR. Entity ids and names are VARCHAR.
 */
export function bindingColumnType(name: string, sniffed: string, hint?: string): StorableType {
  if (ENTITY_COLUMNS.includes(name)) return 'VARCHAR';
  if (hint !== undefined) return storableType(hint, 'DOUBLE');
  if (name.endsWith('_utc')) return 'TIMESTAMPTZ';
  const t = sniffed.trim().toUpperCase();
  if (t.startsWith('TIMESTAMP')) return 'TIMESTAMPTZ';
  const type = storableType(t, 'DOUBLE');
  return type === 'DOUBLE' || type === 'BOOLEAN' || type === 'DATE' ? type : 'VARCHAR';
}

/** The columns of an empty answer: the catalogue's, then the entity columns; only the entity columns without a catalogue. */
export function emptyAnswerColumns(catalogue: readonly CatalogueColumn[] | undefined): TableColumn[] {
  const own = (catalogue ?? []).filter((c) => !ENTITY_COLUMNS.includes(c.name));
  return [
    ...own.map((c) => ({ name: c.name, type: bindingColumnType(c.name, 'VARCHAR', c.type) })),
    ...ENTITY_COLUMNS.map((name) => ({ name, type: 'VARCHAR' as const })),
  ];
}

/** Largest file that is read to tell `[]` from rows: an empty array with some whitespace. */
const EMPTY_PROBE_BYTES = 64;

/** True when the answer file (of `bytes`) holds an empty JSON array. */
export async function isEmptyArray(path: string, bytes: number): Promise<boolean> {
  if (bytes > EMPTY_PROBE_BYTES) return false;
  return /^\s*\[\s*\]\s*$/.test(await readFile(path, 'utf8'));
}

const readJson = (path: string, columns?: readonly TableColumn[]): string => {
  const typed = columns ? `, columns={${columns.map((c) => `${sqlString(c.name)}: '${c.type}'`).join(', ')}}` : '';
  return `read_json(${sqlString(path)}, format='array'${typed})`;
};

/**
 * The columns of a non-empty answer file, in the order of the first row's keys, typed by {@link bindingColumnType}
 * (the sniffer samples DuckDB's default 20,480 rows: enough to learn the keys, whose types are widened anyway).
 * @throws Error when the file is not an array of objects, or a name is empty.
 */
export async function answerColumns(
  ws: Workspace,
  path: string,
  catalogue: readonly CatalogueColumn[] | undefined,
): Promise<TableColumn[]> {
  const described = await ws
    .read((conn) => rowObjects(conn, `DESCRIBE SELECT * FROM ${readJson(path)}`))
    .catch((error: unknown) => {
      throw new Error(
        `The /v1 server's answer is not a JSON array of rows: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  const hints = new Map((catalogue ?? []).map((c) => [c.name, c.type]));
  const columns = described.map((r) => {
    const name = String(r.column_name);
    return { name, type: bindingColumnType(name, String(r.column_type), hints.get(name)) };
  });
  // A JSON scalar array is read as one column named `json`; binding rows are objects with named keys.
  if (columns.length === 0 || columns.some((c) => c.name === '') || (columns.length === 1 && columns[0]!.name === 'json')) {
    throw new Error("The /v1 server's answer is not a JSON array of row objects.");
  }
  return columns;
}

/**
 * Creates `table` with `columns`, loads the answer file at `path` into it (none when `path` is null: an empty answer),
 * and records the columns, the counts (1 page; rows charged = rows) and `binding` with `limitReached` = rows ≥ `limit`,
 * all in one transaction: readers see no table or the whole answer. @returns the rows stored.
 * @throws the DuckDB error (a value that does not fit its column's type), nothing kept.
 */
export function storeAnswer(
  ws: Workspace,
  pullId: number,
  table: string,
  columns: readonly TableColumn[],
  path: string | null,
  binding: Omit<BindingPull, 'limitReached'> & { limit: number },
): Promise<number> {
  return ws.transaction(async (conn) => {
    await conn.run(`CREATE TABLE ${quoteIdent(table)} (${columns.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(', ')})`);
    const rows =
      path === null
        ? 0
        : (await conn.run(`INSERT INTO ${quoteIdent(table)} SELECT * FROM ${readJson(path, columns)}`)).rowsChanged;
    const record: BindingPull = { priceThreshold: binding.priceThreshold, limitReached: rows >= binding.limit };
    await conn.run('UPDATE pulls SET columns = $2, rows = $3, pages = 1, rows_charged = $3, binding = $4 WHERE id = $1', [
      pullId,
      JSON.stringify(columns),
      rows,
      JSON.stringify(record),
    ]);
    return rows;
  });
}
