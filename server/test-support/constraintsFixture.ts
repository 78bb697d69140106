import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Fastify, { type FastifyInstance } from 'fastify';
import { installErrorHandlers } from '../errors.js';
import type { ConstraintDatasetConfig } from '../data/constraints/configs.js';
import { entityId } from '../data/constraints/ids.js';
import { fillCostRollup } from '../data/constraints/rollup.js';
import { appendRows, createTables } from '../data/constraints/schema.js';
import { ConstraintStore } from '../data/constraints/store.js';
import { constraintRoutes } from '../routes/constraints.js';
import { outageRoutes } from '../routes/outages.js';

/**
 * Test database: a real-time dataset WITHOUT a contingency column, PJM constraints (one mapped, one not), an ERCOT one
 * (no geometry table), one location, two outage tickets with versions. Tests compute expectations from these values.
 */

export const T = (iso: string) => Date.parse(iso);
export const ids = {
  a: entityId('constraint', 'pjm', 'ALPHA 345 KV'),
  b: entityId('constraint', 'pjm', 'BRAVO 138 KV'),
  e: entityId('constraint', 'ercot', 'ECHO_1'),
  k1: entityId('contingency', 'pjm', 'K1'),
  k2: entityId('contingency', 'pjm', 'K2'),
  location: entityId('location', 'pjm', 'Test Hub'),
};
export const DATASET = 'toy_rt_no_contingency';
const CONFIG: ConstraintDatasetConfig = {
  dataset_id: DATASET,
  market_id: 'pjm',
  constraint_column: 'constraint_name',
  contingency_column: null,
  shadow_price_column: 'shadow_price',
  price_kind: 'rt',
  time_index_column: 'interval_start_utc',
  interval_end_column: 'interval_end_utc',
  description: 'SYNTHETIC hand-made test fixture (server/test-support/constraintsFixture.ts), not market data.',
};

/** Binding rows of the dataset: [start ISO, minutes, constraint name, shadow price]. */
export const BINDING: [string, number, string, number][] = [
  ['2024-01-10T00:00:00Z', 5, 'ALPHA 345 KV', -10],
  ['2024-01-10T00:05:00Z', 5, 'ALPHA 345 KV', 30],
  ['2024-01-10T00:05:00Z', 5, 'BRAVO 138 KV', -6],
  ['2024-01-10T01:00:00Z', 60, 'ALPHA 345 KV', -2.5],
  ['2024-01-11T00:00:00Z', 5, 'BRAVO 138 KV', -100],
];

/** Shift factor rows at the location: [constraint id, contingency id, value]. */
export const SHIFT_FACTORS: [string, string, number][] = [
  [ids.a, ids.k1, 0.5],
  [ids.a, ids.k1, 0],
  [ids.a, ids.k2, 0.3],
  [ids.b, ids.k1, -0.2],
];

const entity = (id: string, name: string, market: string) => ({
  gs_entity_id: id,
  market_id: market,
  earliest_seen_utc: T('2024-01-10T00:00:00Z'),
  latest_seen_utc: T('2024-01-11T00:00:00Z'),
  available_datasets: [DATASET],
  gs_created_at_utc: T('2024-02-01T00:00:00Z'),
  gs_updated_at_utc: T('2024-02-01T00:00:00Z'),
  name,
});

const equipment = (ticket: number, version: number, start: string, end: string) => ({
  market_id: 'pjm',
  ticket,
  version,
  seq: 0,
  zone: 'PPL',
  facility_name: 'LINE ALPHA 345 KV ALPHA-FAR 1',
  equipment_type: 'LINE',
  station_1: 'ALPHA',
  station_2: 'FAR',
  voltage: 345,
  equipment_name: 'ALPHA-FAR 1',
  switching_action: 'OPEN',
  interval_start_utc: T(start),
  interval_end_utc: T(end),
});

/** Outage versions: ticket 1 moves from Jan 10 to Jan 12 in a version of Jan 5; ticket 2 is Jan 10 00:00–06:00. */
export const VERSIONS = [
  {
    ticket: 1,
    version: 1,
    at: '2024-01-01T00:00:00Z',
    status: 'Submitted',
    start: '2024-01-10T00:00:00Z',
    end: '2024-01-11T00:00:00Z',
  },
  {
    ticket: 1,
    version: 2,
    at: '2024-01-05T00:00:00Z',
    status: 'Approved',
    start: '2024-01-12T00:00:00Z',
    end: '2024-01-13T00:00:00Z',
  },
  {
    ticket: 2,
    version: 1,
    at: '2024-01-01T00:00:00Z',
    status: 'Active',
    start: '2024-01-10T00:00:00Z',
    end: '2024-01-10T06:00:00Z',
  },
];

/** Writes the fixture database at `<dir>/fixture.duckdb` and returns its path. */
export async function writeFixture(dir: string): Promise<string> {
  const file = path.join(dir, 'fixture.duckdb');
  const instance = await DuckDBInstance.create(file);
  const conn = await instance.connect();
  try {
    await conn.run(
      `CREATE TABLE ${DATASET} (interval_start_utc TIMESTAMP, interval_end_utc TIMESTAMP, constraint_name VARCHAR, shadow_price DOUBLE)`,
    );
    for (const [start, minutes, name, price] of BINDING) {
      await conn.run(
        `INSERT INTO ${DATASET} VALUES (CAST($s AS TIMESTAMP), CAST($s AS TIMESTAMP) + to_minutes(CAST($m AS INTEGER)), $n, $p)`,
        { s: start.replace('Z', ''), m: minutes, n: name, p: price },
      );
    }
    await createTables(conn);
    await appendRows(conn, 'gs_constraint_datasets', [CONFIG]);
    await appendRows(
      conn,
      'gs_constraints',
      [entity(ids.a, 'ALPHA 345 KV', 'pjm'), entity(ids.b, 'BRAVO 138 KV', 'pjm'), entity(ids.e, 'ECHO_1', 'ercot')].map(
        ({ name, ...e }) => ({ ...e, constraint_name: name }),
      ),
    );
    await appendRows(
      conn,
      'gs_contingencies',
      [entity(ids.k1, 'K1', 'pjm'), entity(ids.k2, 'K2', 'pjm')].map(({ name, ...e }) => ({ ...e, contingency_name: name })),
    );
    await appendRows(conn, 'gs_locations', [
      {
        gs_entity_id: ids.location,
        location_name: 'Test Hub',
        market_id: 'pjm',
        location_type: 'hub',
        latitude: 40,
        longitude: -77,
      },
    ]);
    await appendRows(
      conn,
      'gs_shift_factors',
      SHIFT_FACTORS.map(([constraint, contingency, value]) => ({
        location_id: ids.location,
        constraint_id: constraint,
        contingency_id: contingency,
        dataset_id: DATASET,
        estimated_shift_factor: value,
      })),
    );
    await appendRows(conn, 'gs_substations', [{ market_id: 'pjm', name: 'ALPHA', latitude: 40.5, longitude: -77.5 }]);
    await appendRows(conn, 'gs_constraint_geometry', [
      { constraint_id: ids.a, market_id: 'pjm', start_name: 'ALPHA', end_name: 'FAR' },
    ]);
    await appendRows(
      conn,
      'gs_outage_versions',
      VERSIONS.map((v) => ({
        market_id: 'pjm',
        ticket: v.ticket,
        version: v.version,
        version_time_utc: T(v.at),
        status: v.status,
        outage_type: 'Continuous',
        causes: ['Test'],
        interval_start_utc: T(v.start),
        interval_end_utc: T(v.end),
        is_synthetic: true,
      })),
    );
    await appendRows(
      conn,
      'gs_outage_equipment',
      VERSIONS.map((v) => equipment(v.ticket, v.version, v.start, v.end)),
    );
    await fillCostRollup(conn, [CONFIG]);
    await conn.run('CHECKPOINT');
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
  return file;
}

/** A Fastify app serving the constraint and outage routes under /v1 from the fixture (no API key). */
export async function fixtureApp(dir: string): Promise<{ app: FastifyInstance; store: ConstraintStore }> {
  const store = await ConstraintStore.open({ path: await writeFixture(dir), knownDatasets: ['other_dataset'] });
  const app = Fastify();
  installErrorHandlers(app);
  await app.register(constraintRoutes, { prefix: '/v1', constraints: store });
  await app.register(outageRoutes, { prefix: '/v1', constraints: store });
  app.addHook('onClose', async () => store.close());
  return { app, store };
}
