import { ident, ISO_UTC_FORMAT, sqlString } from '../data/sql.js';
import type { Binder } from './binder.js';
import { localName, type ResultColumn } from './columns.js';
import type { OutputFormat } from './spec.js';

interface Rendered {
  name: string;
  json: string;
  csv: string;
}

/** SQL of `<x>_local` text: local wall time in the zone `zoneSql` plus that zone's offset then. */
function localIso(column: string, zoneSql: string): string {
  const wall = `timezone(${zoneSql}, timezone('UTC', ${column}))`;
  const offset = `CAST(epoch(${wall}) - epoch(${column}) AS BIGINT)`;
  const hhmm = `lpad(CAST(abs(${offset}) // 3600 AS VARCHAR), 2, '0') || ':' || lpad(CAST(abs(${offset}) % 3600 // 60 AS VARCHAR), 2, '0')`;
  return `strftime(${wall}, '%Y-%m-%dT%H:%M:%S') || CASE WHEN ${offset} < 0 THEN '-' ELSE '+' END || ${hhmm}`;
}

// Non-finite doubles become null (JSON) or empty (CSV).
function render(column: ResultColumn): Rendered {
  const c = ident(column.name);
  switch (column.type) {
    case 'TIMESTAMP': {
      const iso = `strftime(${c}, '${ISO_UTC_FORMAT}')`;
      return { name: column.name, json: iso, csv: `coalesce(${iso}, '')` };
    }
    case 'DATE':
      return { name: column.name, json: `strftime(${c}, '%Y-%m-%d')`, csv: `coalesce(strftime(${c}, '%Y-%m-%d'), '')` };
    case 'DOUBLE PRECISION':
      return {
        name: column.name,
        json: `CASE WHEN isfinite(${c}) THEN ${c} END`,
        csv: `CASE WHEN isfinite(${c}) THEN CAST(${c} AS VARCHAR) ELSE '' END`,
      };
    case 'INTEGER':
    case 'BIGINT':
      return { name: column.name, json: c, csv: `coalesce(CAST(${c} AS VARCHAR), '')` };
    default: {
      const text = `CAST(${c} AS VARCHAR)`;
      const special = ["','", `'"'`, 'chr(10)', 'chr(13)'].map((ch) => `contains(${text}, ${ch})`).join(' OR ');
      const quoted = `CASE WHEN ${text} IS NULL THEN '' WHEN ${special} THEN '"' || replace(${text}, '"', '""') || '"' ELSE ${text} END`;
      return { name: column.name, json: text, csv: quoted };
    }
  }
}

function outputColumns(columns: readonly ResultColumn[], zone: string | null, binder: Binder): Rendered[] {
  const zoneSql = zone === null ? null : binder.bind(zone);
  return columns.flatMap((column) => {
    const rendered = render(column);
    const local = column.type === 'TIMESTAMP' && zoneSql !== null ? localName(column.name) : null;
    if (local === null) return [rendered];
    const text = localIso(ident(column.name), zoneSql!);
    return [{ name: local, json: text, csv: `coalesce(${text}, '')` }, rendered];
  });
}

/** How a page's rows are rendered: output column names, the SQL of one row's text, and the text between rows. */
export interface RowFormat {
  header: string[];
  rowSql: string;
  separator: string;
}

/** Rows of `columns` rendered by DuckDB as text (docs/query.md#output), so Node gets a few strings per page (bench/README.md). */
export function rowFormat(
  columns: readonly ResultColumn[],
  format: OutputFormat,
  zone: string | null,
  binder: Binder,
): RowFormat {
  const rendered = outputColumns(columns, zone, binder);
  const header = rendered.map((column) => column.name);
  if (format.returnFormat === 'csv') {
    const rowSql = rendered.length === 1 ? rendered[0]!.csv : `concat(${rendered.map((c) => c.csv).join(", ',', ")})`;
    return { header, rowSql, separator: '\n' };
  }
  const rowSql =
    format.jsonSchema === 'array-of-arrays'
      ? `CAST(json_array(${rendered.map((c) => c.json).join(', ')}) AS VARCHAR)`
      : `CAST(json_object(${rendered.map((c) => `${sqlString(c.name)}, ${c.json}`).join(', ')}) AS VARCHAR)`;
  return { header, rowSql, separator: ',' };
}
