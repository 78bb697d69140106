import { mkdtemp, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startUpstream } from '../../../test-support/upstream.js';
import type { Upstream } from '../../../test-support/upstream.js';
import { createV1Proxy } from '../../v1/proxy.js';
import type { V1Proxy } from '../../v1/proxy.js';
import { STORABLE_TYPES } from '../../../../shared/index.js';
import type { PullState, TableColumn } from '../../../../shared/index.js';
import { quoteIdent, rowObjects } from '../sql.js';
import { openWorkspace } from '../workspace.js';
import type { Workspace } from '../workspace.js';

/**
 * Test helpers of the workspace (not a test file): a workspace in a temporary folder, a proxy to a
 * local upstream, a fake /v1 query route serving CSV pages, and pulls seeded straight in SQL.
 */

/** A workspace of profile `embedded` in a fresh temporary folder; `cleanup` closes it and deletes the folder. */
export async function tempWorkspace(): Promise<{ ws: Workspace; dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'gs-workspace-'));
  const ws = await openWorkspace(dir, 'embedded');
  return {
    ws,
    dir,
    cleanup: async () => {
      await ws.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A proxy to `<origin>/v1` with one attempt per request (so failures show at once). */
export function proxyTo(origin: string, retry: { maxAttempts: number } = { maxAttempts: 1 }): V1Proxy {
  return createV1Proxy({ resolveTarget: async () => ({ baseUrl: `${origin}/v1`, key: 'test-key', profile: 'embedded' }), retry });
}

/** How the fake query route answers. */
export interface CsvRouteOptions {
  /** Header line cells. */
  header: string[];
  /** Data lines (already CSV text, without line ends). */
  lines: string[];
  /** Rows per page when the request has no `page_size`. */
  defaultPageSize?: number;
  /** Send no `X-Cursor` (like a server that documents only `X-Has-Next-Page`): clients must page by `page`. */
  noCursor?: boolean;
  /** Called before page `index` (0-based, by cursor or `page`) is sent; may delay it or answer itself (true when it did). */
  beforePage?: (index: number, res: ServerResponse) => Promise<boolean | void> | boolean | void;
  /** Cut the connection after half of this page's bytes (0-based). */
  breakPage?: number;
}

/**
 * Serves `GET /v1/datasets/<id>/query` as CSV pages of `lines`, by cursor (an offset as text) or
 * `page`, honouring `page_size` and `limit`, with the pagination headers of docs/api.md#pagination.
 * Reads `o`'s hooks at each request, so a test may change them between pulls.
 */
export function csvQueryRoute(up: Upstream, datasetId: string, o: CsvRouteOptions): void {
  up.route(`/v1/datasets/${datasetId}/query`, (req, res) => {
    const q = new URL(req.url ?? '', 'http://x').searchParams;
    const size = Number(q.get('page_size') ?? o.defaultPageSize ?? 50_000);
    const limit = q.has('limit') ? Number(q.get('limit')) : o.lines.length;
    const end = Math.min(limit, o.lines.length);
    const from = q.has('cursor') ? Number(q.get('cursor') || 0) : (Number(q.get('page') ?? 1) - 1) * size;
    const to = Math.min(from + size, end);
    const index = Math.floor(from / size);
    void (async () => {
      if (await o.beforePage?.(index, res)) return;
      const body = Buffer.from([o.header.join(','), ...o.lines.slice(from, to)].join('\n') + '\n');
      const headers: Record<string, string> = {
        'content-type': 'text/csv; charset=utf-8',
        'x-has-next-page': String(to < end),
        'x-limit': String(q.get('limit') ?? 'null'),
      };
      if (to < end && !o.noCursor) headers['x-cursor'] = String(to);
      if (o.breakPage === index) {
        res.writeHead(200, headers);
        res.write(body.subarray(0, Math.floor(body.length / 2)));
        setTimeout(() => res.destroy(), 20);
        return;
      }
      res.writeHead(200, { ...headers, 'content-length': String(body.length) });
      res.end(body);
    })();
  });
}

/** Starts an upstream serving {@link csvQueryRoute} for `datasetId`. */
export async function csvUpstream(datasetId: string, o: CsvRouteOptions): Promise<Upstream> {
  const up = await startUpstream();
  csvQueryRoute(up, datasetId, o);
  return up;
}

/**
 * Records a finished pull whose table is `SELECT <select>` (e.g. over `range(n)`), without any
 * request: for the readers' tests. Columns and types come from the table DuckDB made.
 * @throws when a column's type is not one of STORABLE_TYPES (cast it in `select`).
 */
export async function seedPull(
  ws: Workspace,
  select: string,
  state: PullState = 'complete',
  datasetId = 'seeded',
): Promise<number> {
  return ws.transaction(async (conn) => {
    const rows = await rowObjects(
      conn,
      "INSERT INTO pulls (dataset_id, params, profile, state, table_name) VALUES ($1, $2, 'embedded', $3, '') RETURNING id",
      [datasetId, JSON.stringify({ datasetId }), state],
    );
    const id = Number(rows[0]!.id);
    const table = `pull_${id}`;
    await conn.run(`CREATE TABLE ${quoteIdent(table)} AS ${select}`);
    const described = await rowObjects(conn, `DESCRIBE ${quoteIdent(table)}`);
    const columns: TableColumn[] = described.map((r) => {
      const type = String(r.column_type) === 'TIMESTAMP WITH TIME ZONE' ? 'TIMESTAMPTZ' : String(r.column_type);
      if (!(STORABLE_TYPES as readonly string[]).includes(type))
        throw new Error(`seedPull: column ${String(r.column_name)} is ${type}, not a storable type`);
      return { name: String(r.column_name), type: type as TableColumn['type'] };
    });
    const count = Number((await rowObjects(conn, `SELECT CAST(count(*) AS DOUBLE) AS n FROM ${quoteIdent(table)}`))[0]!.n);
    await conn.run(
      'UPDATE pulls SET table_name = $2, columns = $3, rows = $4, rows_charged = $4, pages = 1, ended_at = now() WHERE id = $1',
      [id, table, JSON.stringify(columns), count],
    );
    return id;
  });
}
