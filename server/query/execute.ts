import { Readable } from 'node:stream';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { QueryMeta } from '../../shared/index.js';
import type { DatasetStore } from '../data/store.js';
import { Binder } from './binder.js';
import { BodyWriter } from './body.js';
import { checkCursor, encodeCursor } from './cursor.js';
import { rowFormat } from './format.js';
import { QueryGuard } from './guard.js';
import { readPage, type PageOutcome } from './page.js';
import type { PagePlan } from './plan.js';
import { buildRelation } from './relation.js';
import type { QuerySpec } from './spec.js';
import { STORED_MIN_ROWS, type StorageOrder } from './storage.js';

/** Options of {@link executeQuery}. */
export interface ExecuteOptions {
  timeoutMs: number;
  stream: boolean;
  metadataJson: string; // `dataset_metadata` JSON text
  onRows: (rows: number) => void; // rows of each sub-page as it is sent (usage accounting)
  storage: StorageOrder; // shared by the route's requests
}

/** A response: the body, and the meta (known up front for buffered bodies only). */
export type QueryResult = { kind: 'buffer'; body: Buffer; meta: QueryMeta } | { kind: 'stream'; body: Readable };

/** Connections a large plain scan reads with at once (storage.ts); 2 matches DuckDB's default threads here. */
const PARALLEL_CONNECTIONS = 2;

function lease(store: DatasetStore): Promise<{ conn: DuckDBConnection; release: () => void }> {
  return new Promise((resolve, reject) => {
    store.withConnection((conn) => new Promise<void>((release) => resolve({ conn, release: () => release() }))).catch(reject);
  });
}

async function leaseMany(store: DatasetStore, count: number): Promise<{ connections: DuckDBConnection[]; release: () => void }> {
  const leases: { conn: DuckDBConnection; release: () => void }[] = [];
  const release = () => leases.forEach((held) => held.release());
  try {
    for (let i = 0; i < count; i++) leases.push(await lease(store));
  } catch (error) {
    release();
    throw error;
  }
  return { connections: leases.map((held) => held.conn), release };
}

const servedBefore = (spec: QuerySpec) => (spec.position.mode === 'offset' ? spec.position.offset : spec.position.soFar);

// `take` trims the page so that no more than `limit` rows are served across all pages (params.ts maxResponseRows mirrors it).
function planPage(spec: QuerySpec): { plan: PagePlan; header: string[] } {
  const binder = new Binder();
  const relation = buildRelation(spec, binder);
  const format = rowFormat(relation.columns, spec.format, spec.zone, binder);
  const before = servedBefore(spec);
  const take = spec.limit === null ? spec.pageSize : Math.max(0, Math.min(spec.pageSize, spec.limit - before));
  const { position } = spec;
  if (position.mode === 'cursor' && position.after !== null) {
    checkCursor({ columns: position.columns ?? [], values: position.after }, relation.keys);
  }
  const start = position.mode === 'offset' ? { offset: position.offset } : { after: position.after };
  return {
    plan: { relation, binder, format, order: spec.order, take, start, stored: false, connections: [] },
    header: format.header,
  };
}

function pageMeta(spec: QuerySpec, plan: PagePlan, outcome: PageOutcome): QueryMeta {
  const served = servedBefore(spec) + outcome.rows;
  const hasNextPage = outcome.hasNext && (spec.limit === null || served < spec.limit);
  const cursor =
    spec.position.mode === 'cursor' && hasNextPage && outcome.lastKey
      ? encodeCursor({
          columns: plan.relation.keys.map((key) => key.name),
          values: outcome.lastKey,
          total_rows_returned_so_far: served,
        })
      : null;
  return { page: spec.page, page_size: spec.pageSize, limit: spec.limit, hasNextPage, cursor };
}

/** Runs `spec` on its own connections, buffered or streamed. @throws HttpError 400 (cursor), 422 (time-out), DuckDB errors. */
export async function executeQuery(store: DatasetStore, spec: QuerySpec, options: ExecuteOptions): Promise<QueryResult> {
  const { plan, header } = planPage(spec);
  const writer = new BodyWriter(spec.format, header, options.metadataJson);
  // Large plain scans may take the storage-order path (checked once, under the time-out).
  let settle = (spec.dataset.number_of_rows_approximate ?? 0) >= STORED_MIN_ROWS && plan.relation.scan !== undefined;
  const { connections, release } = await leaseMany(store, settle ? PARALLEL_CONNECTIONS : 1);
  plan.connections = connections;
  const guard = new QueryGuard(connections, options.timeoutMs, options.stream);
  const pages = readPage(plan, (work) =>
    guard.run(async () => {
      if (settle) {
        settle = false;
        const { scan, keys } = plan.relation;
        const id = spec.dataset.id;
        const built = store.storedInKeyOrder(
          id,
          keys.map((key) => key.name),
        );
        plan.stored = await options.storage.isKeyOrdered(connections[0]!, scan!.table, keys, {
          built,
          revision: store.revision(id),
        });
      }
      return work();
    }),
  );
  let settled = false;
  const finish = () => {
    if (settled) return;
    settled = true;
    guard.dispose();
    release();
  };
  try {
    let step = await pages.next();
    if (!options.stream) {
      const pieces = [writer.start()];
      while (!step.done) {
        options.onRows(step.value.rows);
        pieces.push(...writer.blocks(step.value.blocks));
        step = await pages.next();
      }
      const meta = pageMeta(spec, plan, step.value);
      pieces.push(writer.end(meta));
      return { kind: 'buffer', body: Buffer.concat(pieces), meta };
    }
    // The first sub-page was read before answering, so a time-out there is still a 422; later ones cut the stream short.
    const first = step;
    let started = false;
    async function* body(): AsyncGenerator<Buffer> {
      started = true;
      try {
        yield writer.start();
        let current = first;
        while (!current.done) {
          yield* writer.blocks(current.value.blocks);
          options.onRows(current.value.rows);
          current = await pages.next();
        }
        yield writer.end(pageMeta(spec, plan, current.value));
      } finally {
        finish();
      }
    }
    const stream = Readable.from(body(), { objectMode: false });
    // Client gone: stop DuckDB and body()'s finally releases; if body() never ran, release here.
    stream.once('close', () => {
      if (!started) finish();
      else if (!settled) for (const conn of connections) conn.interrupt();
    });
    return { kind: 'stream', body: stream };
  } catch (error) {
    finish();
    throw error;
  } finally {
    if (!options.stream) finish();
  }
}
