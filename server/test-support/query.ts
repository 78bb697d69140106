import { rm } from 'node:fs/promises';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { DatasetQueryResponse } from '../../shared/index.js';
import { DEFAULT_DATA_DIR } from '../app.js';
import type { CatalogueEntry } from '../data/catalogue/index.js';
import { DatasetStore } from '../data/store.js';
import { installErrorHandlers } from '../errors.js';
import type { Plan } from '../plans/index.js';
import { queryRoutes } from '../routes/query.js';
import { tempDir } from './testing.js';

/** A running query test server; `rows` lists `request.rowsReturned` of each finished response. */
export interface QueryTestServer {
  app: FastifyInstance;
  store: DatasetStore;
  rows: number[];
  close: () => Promise<void>;
}

/** The query route alone on `catalogue` in a temp cache: no key or limits (see `createServer`); `plan` as the hook sets it. */
export async function startQueryServer(options: {
  catalogue: readonly CatalogueEntry[];
  plan?: Plan;
  queryTimeoutMs?: number;
  extraRoutes?: { prefix: string; queryTimeoutMs: number }[];
}): Promise<QueryTestServer> {
  const cacheDir = await tempDir('query');
  const store = await DatasetStore.open({ dataDir: DEFAULT_DATA_DIR, cacheDir, catalogue: options.catalogue });
  const app = Fastify({ logger: false });
  const rows: number[] = [];
  app.decorateRequest('rowsReturned', 0);
  app.decorateRequest('plan', null as unknown as Plan);
  if (options.plan) {
    const plan = options.plan;
    app.addHook('onRequest', async (request) => {
      request.plan = plan;
    });
  }
  app.addHook('onResponse', async (request) => {
    rows.push(request.rowsReturned);
  });
  await app.register(compress, { encodings: ['br', 'gzip', 'deflate'] });
  installErrorHandlers(app);
  await app.register(queryRoutes, { prefix: '/v1', store, queryTimeoutMs: options.queryTimeoutMs });
  for (const extra of options.extraRoutes ?? []) await app.register(queryRoutes, { ...extra, store });
  return {
    app,
    store,
    rows,
    close: async () => {
      await app.close();
      store.close();
      await rm(cacheDir, { recursive: true, force: true });
    },
  };
}

export interface QueryCase {
  rule: string;
  url: string;
  status?: number;
  detail?: string;
  check?: (res: LightMyRequestResponse) => void;
}

/** URL prefixes of the fixtures' query routes (queryFixtures.ts) and the `fx_dst` columns a 400 lists. */
export const FX_DST_QUERY = '/v1/datasets/fx_dst/query?';
export const FX_FORECAST_QUERY = '/v1/datasets/fx_forecast/query?';
export const FX_POSSIBLE_COLUMNS = 'interval_start_utc, interval_end_utc, location, value, flag, note';

export type QueryRow = Record<string, unknown>;
/** The data rows of a JSON query response, the body checked against the shared schema first. */
export const queryRows = (res: LightMyRequestResponse): QueryRow[] => DatasetQueryResponse.parse(res.json()).data as QueryRow[];
export const queryColumn = (res: LightMyRequestResponse, name: string): unknown[] => queryRows(res).map((row) => row[name]);
export const hours = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);
