import { listConstraints } from '../server/data/constraints/list.js';
import { ConstraintListQuery } from '../shared/index.js';
import { benchArgs, quantile, scaledServer, timeRuns } from './lib/constraints.js';

// `npm run bench -- constraints-list [--file scaled.duckdb] [--keep] [--runs 30]`: the default constraint list request
// against its bare SQL and the service's `listConstraints` (bench/README.md).

const { file, keep, runs } = benchArgs();
const server = await scaledServer(file, keep);
try {
  const bare = `SELECT gs_entity_id, constraint_name, market_id, strftime(earliest_seen_utc, '%Y-%m-%dT%H:%M:%S+00:00') AS earliest_seen_utc,
                       strftime(latest_seen_utc, '%Y-%m-%dT%H:%M:%S+00:00') AS latest_seen_utc, available_datasets
                FROM gs_constraints ORDER BY latest_seen_utc DESC NULLS LAST, market_id, constraint_name LIMIT 10000`;
  const total = await server.store.withConnection(async (conn) =>
    Number((await conn.runAndReadAll('SELECT count(*)::DOUBLE AS n FROM gs_constraints')).getRowObjectsJson()[0]!.n),
  );
  const samples = await server.store.withConnection(async (conn) => {
    const endpoint: number[] = [];
    const bareSql: number[] = [];
    const serviceSql: number[] = [];
    const query = ConstraintListQuery.parse({});
    for (let i = 0; i < runs; i += 1) {
      const warm = i === 0 ? 3 : 0;
      endpoint.push(...(await timeRuns(() => server.get('/v1/constraints'), 1, warm)));
      bareSql.push(...(await timeRuns(async () => (await conn.runAndReadAll(bare)).getRowObjectsJson(), 1, warm)));
      serviceSql.push(...(await timeRuns(() => listConstraints(conn, server.store.datasetConfigs(), query), 1, warm)));
    }
    return { endpoint, bareSql, serviceSql };
  });
  const search = await timeRuns(() => server.get('/v1/constraints?search=wes&limit=100'), Math.min(runs, 15));
  const costs = await timeRuns(() => server.get('/v1/constraints?include_absolute_costs=true&limit=100'), Math.min(runs, 15));
  const p50 = quantile(samples.endpoint, 0.5);
  const bareP50 = quantile(samples.bareSql, 0.5);
  process.stderr.write(
    `default list p50 ${p50} ms · bare SQL p50 ${bareP50} ms · search p50 ${quantile(search, 0.5)} ms · with costs p50 ${quantile(costs, 0.5)} ms\n`,
  );
  process.stdout.write(
    `${JSON.stringify({
      bench: 'constraints-list',
      constraints: total,
      result_rows: Math.min(total, 10_000),
      runs,
      p50_ms: p50,
      p95_ms: quantile(samples.endpoint, 0.95),
      bare_sql_p50_ms: bareP50,
      bare_sql_p95_ms: quantile(samples.bareSql, 0.95),
      service_sql_p50_ms: quantile(samples.serviceSql, 0.5),
      service_sql_ratio: Math.round((p50 / quantile(samples.serviceSql, 0.5)) * 100) / 100,
      search_p50_ms: quantile(search, 0.5),
      absolute_costs_p50_ms: quantile(costs, 0.5),
      ratio: Math.round((p50 / bareP50) * 100) / 100,
    })}\n`,
  );
} finally {
  await server.close();
}
