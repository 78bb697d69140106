import { locationConstraintCosts } from '../server/data/constraints/costs.js';
import { entityId } from '../server/data/constraints/ids.js';
import { SCALED_DATASET } from '../server/data/synthetic/scale.js';
import { ConstraintCostQuery } from '../shared/index.js';
import { benchArgs, quantile, scaledServer, timeRuns } from './lib/constraints.js';

// `npm run bench -- constraint-costs [--file scaled.duckdb] [--keep] [--runs 30]`: the location constraint costs endpoint
// against the bare aggregation over the rows and the service's own SQL (bench/README.md).

const { file, keep, runs } = benchArgs();
const server = await scaledServer(file, keep);
try {
  const window = (await server.store.withConnection(
    async (conn) =>
      (
        await conn.runAndReadAll(
          `SELECT strftime(min(interval_start_utc), '%Y-%m-%dT%H:%M:%SZ') AS s, strftime(max(interval_start_utc) + INTERVAL 5 MINUTE, '%Y-%m-%dT%H:%M:%SZ') AS e FROM ${SCALED_DATASET.dataset_id}`,
        )
      ).getRowObjectsJson()[0]!,
  )) as { s: string; e: string };
  const location = entityId('location', 'pjm', 'PJM Western Hub');
  const url = `/v1/constraints/locations/${location}/constraint-costs?dataset_id=${SCALED_DATASET.dataset_id}&start_time=${window.s}&end_time=${window.e}`;
  const rows = (JSON.parse((await server.get(url)).toString()) as unknown[]).length;

  const bare = `SELECT monitored_facility, contingency_facility, sum(abs(shadow_price) * (epoch(interval_end_utc) - epoch(interval_start_utc)) / 3600.0) AS absolute_cost
                FROM ${SCALED_DATASET.dataset_id} WHERE interval_start_utc >= CAST($s AS TIMESTAMP) AND interval_start_utc < CAST($e AS TIMESTAMP) GROUP BY ALL`;
  const query = ConstraintCostQuery.parse({ dataset_id: SCALED_DATASET.dataset_id, start_time: window.s, end_time: window.e });
  const serviceRows = await server.store.withConnection((conn) => locationConstraintCosts(conn, SCALED_DATASET, location, query));
  if (serviceRows.length !== rows)
    throw new Error(`service SQL gave ${serviceRows.length} rows, the endpoint ${rows}: not the same query`);
  const samples = await server.store.withConnection(async (conn) => {
    const params = { s: window.s.replace('T', ' ').replace('Z', ''), e: window.e.replace('T', ' ').replace('Z', '') };
    const endpoint: number[] = [];
    const bareSql: number[] = [];
    const serviceSql: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      endpoint.push(...(await timeRuns(() => server.get(url), 1, i === 0 ? 3 : 0)));
      bareSql.push(...(await timeRuns(() => conn.runAndReadAll(bare, params), 1, i === 0 ? 3 : 0)));
      serviceSql.push(
        ...(await timeRuns(() => locationConstraintCosts(conn, SCALED_DATASET, location, query), 1, i === 0 ? 3 : 0)),
      );
    }
    return { endpoint, bareSql, serviceSql };
  });
  // 7 h 13 min off each end, so the edge days are summed from the rows.
  const shift = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
  const partialUrl = url.replace(window.s, shift(window.s, 433)).replace(window.e, shift(window.e, -433));
  const partial = await timeRuns(() => server.get(partialUrl), Math.min(runs, 15));
  const p50 = quantile(samples.endpoint, 0.5);
  const bareP50 = quantile(samples.bareSql, 0.5);
  const serviceP50 = quantile(samples.serviceSql, 0.5);
  const round = (x: number) => Math.round(x * 100) / 100;
  process.stderr.write(
    `endpoint p50 ${p50} ms · bare aggregation over the rows p50 ${bareP50} ms (ratio ${round(p50 / bareP50)}) · service SQL p50 ${serviceP50} ms (ratio ${round(p50 / serviceP50)})\n`,
  );
  const binding = await server.store.withConnection(async (conn) =>
    Number(
      (await conn.runAndReadAll(`SELECT count(*)::DOUBLE AS n FROM ${SCALED_DATASET.dataset_id}`)).getRowObjectsJson()[0]!.n,
    ),
  );
  process.stdout.write(
    `${JSON.stringify({
      bench: 'constraint-costs',
      binding_rows: binding,
      window_days: (Date.parse(window.e) - Date.parse(window.s)) / 86_400_000,
      result_rows: rows,
      runs,
      p50_ms: p50,
      p95_ms: quantile(samples.endpoint, 0.95),
      bare_sql_p50_ms: bareP50,
      bare_sql_p95_ms: quantile(samples.bareSql, 0.95),
      service_sql_p50_ms: serviceP50,
      service_sql_p95_ms: quantile(samples.serviceSql, 0.95),
      service_sql_ratio: round(p50 / serviceP50),
      partial_days_p50_ms: quantile(partial, 0.5),
      goal: { ratio: 1.5, p50_ms: 150 },
      met: p50 / bareP50 <= 1.5 && p50 <= 150,
      ratio: round(p50 / bareP50),
    })}\n`,
  );
} finally {
  await server.close();
}
