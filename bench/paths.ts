import { parseArgs } from 'node:util';
import type { DuckDBConnection } from '@duckdb/node-api';
import { ok } from '../shared/index.js';
import type { LocationConstraintCost } from '../shared/index.js';
import { BindingWindowStore } from '../electron/services/bindingWindow/store.js';
import type { V1Proxy } from '../electron/services/v1/proxy.js';
import { setLogSink } from '../electron/services/common/logger.js';
import { createRequestRegistry } from '../electron/services/v1/requests.js';
import { createPathService } from '../electron/services/paths/service.js';
import { allocate } from '../electron/services/overlap/allocation.js';
import type { AllocatedOutage } from '../electron/services/overlap/types.js';
import { tempWorkspace } from '../electron/services/workspace/test-support/helpers.js';
import type { WorkspaceService } from '../electron/services/workspace/service.js';
import { quantile, timeRuns } from './lib/constraints.js';
import { ALLOCATION_BARE_SQL, PATH_BARE_SQL, allocationTables, fillBindingWindows } from './lib/pathsData.js';

// `npm run bench -- paths [--constraints 5000] [--rows 100000] [--top 100] [--tickets 20000] [--runs 20]`: the path
// view's verb and the overlap allocation on SYNTHETIC data over 30 days, each against the bare DuckDB SQL of the same
// computation in the same run (bench/README.md).

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    constraints: { type: 'string', default: '5000' },
    rows: { type: 'string', default: '100000' },
    top: { type: 'string', default: '100' },
    tickets: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '20' },
  },
  strict: true,
});
const N = {
  constraints: Number(values.constraints),
  rows: Number(values.rows),
  top: Number(values.top),
  tickets: Number(values.tickets),
};
const RUNS = Number(values.runs);
const WINDOW = { start: '2024-09-01T04:00:00Z', end: '2024-10-01T04:00:00Z' };
const SOURCE = 'bench-source';
const SINK = 'bench-sink';

setLogSink(() => undefined);
const { ws, cleanup } = await tempWorkspace();
try {
  const generated = performance.now();
  const pairs = await ws.write((conn) => fillBindingWindows(conn, { ...N, window: WINDOW }));
  const { constraints, outages } = await ws.write((conn) => allocationTables(conn, { ...N, window: WINDOW }));
  process.stderr.write(`generated in ${((performance.now() - generated) / 1000).toFixed(1)} s\n`);

  // /v1's constraint-cost pairs of each end, as the response cache would hand them back.
  const bodies = new Map<string, LocationConstraintCost[]>();
  for (const p of pairs) {
    for (const [loc, sf] of [
      [SOURCE, p.sf_source],
      [SINK, p.sf_sink],
    ] as const) {
      const key = `/constraints/locations/${loc}/constraint-costs|${p.dataset}`;
      const list = bodies.get(key) ?? [];
      list.push({
        constraint_gs_entity_id: p.cid,
        constraint_name: p.cname,
        contingency_gs_entity_id: p.kid,
        contingency_name: p.kname,
        shift_factor: sf,
        absolute_cost: null,
        adjusted_cost: null,
      });
      bodies.set(key, list);
    }
  }
  const proxy = {
    getWithMeta: async (path: string, query: Record<string, unknown>) =>
      ok({ body: bodies.get(`${path}|${String(query.dataset_id)}`) ?? [], synthetic: ['shift_factor', 'adjusted_cost'] }),
  } as unknown as Pick<V1Proxy, 'getWithMeta'>;
  const store = new BindingWindowStore({
    proxy: proxy as V1Proxy,
    identify: async () => ({ server: 'bench', cacheTtlSeconds: 86_400 }),
  });
  const workspace = { use: (work: (w: typeof ws) => Promise<unknown>) => work(ws) } as unknown as Pick<WorkspaceService, 'use'>;
  const service = createPathService({ proxy, requests: createRequestRegistry(), workspace, store });
  const input = {
    market: 'pjm',
    source: SOURCE,
    sink: SINK,
    datasets: { rt: 'bench_rt', da: 'bench_da' },
    window: WINDOW,
    groupBy: 'constraint' as const,
  };
  const first = await service.congestion(input);
  if (!first.ok) throw new Error(first.error.message);
  const pathRows = first.value.rows.length;

  const allocationInput = { constraints, outages, distanceKm: 50, weighting: 'equal' as const, window: WINDOW };
  const allocated = await ws.read((conn) => allocate(conn, allocationInput));
  const bare = async (conn: DuckDBConnection, sql: string) => (await conn.runAndReadAll(sql)).getRowObjectsJson();
  // As allocate() does: DuckDB would otherwise run the sweep's ASOF joins as nested loops (docs/overlap.md).
  const bareAllocation = async (conn: DuckDBConnection) => {
    await conn.run('SET SESSION asof_loop_join_threshold = 0');
    return bare(conn, ALLOCATION_BARE_SQL);
  };
  const bareAllocated = await ws.read(bareAllocation);
  const pairsAllocated = allocated.reduce((s, c) => s + c.outages.length, 0);
  if (bareAllocated.length !== pairsAllocated)
    throw new Error(`allocation: the app gave ${pairsAllocated} pairs, the bare SQL ${bareAllocated.length}`);
  // And the same sums: allocated, congestion while out, bound hours while out.
  for (const [field, app] of [
    ['allocated', (o: AllocatedOutage) => o.allocated_cost],
    ['while_out', (o: AllocatedOutage) => o.congestion_cost],
    ['intervals', (o: AllocatedOutage) => o.overlapping_intervals],
  ] as const) {
    const a = allocated.reduce((s, c) => s + c.outages.reduce((t, o) => t + app(o), 0), 0);
    const b = bareAllocated.reduce((s, r) => s + Number(r[field]), 0);
    if (Math.abs(a - b) > 1e-9 * Math.max(1, Math.abs(a)))
      throw new Error(`allocation: Σ ${field} is ${a} in the app, ${b} in the bare SQL`);
  }
  const barePath = await ws.read((conn) => bare(conn, PATH_BARE_SQL));
  // The bare SQL keeps a row per side; the verb puts both sides of a constraint on one row.
  const bareRows = new Set(barePath.filter((r) => r.level === 'row').map((r) => r.cid)).size;
  if (bareRows !== pathRows) throw new Error(`path: the verb gave ${pathRows} rows, the bare SQL ${bareRows}`);

  // Alternating, so all four see the same machine load.
  const t = { path: [] as number[], pathBare: [] as number[], alloc: [] as number[], allocBare: [] as number[] };
  for (let i = 0; i < RUNS; i += 1) {
    const warm = i === 0 ? 2 : 0;
    t.path.push(...(await timeRuns(() => service.congestion(input), 1, warm)));
    t.pathBare.push(...(await timeRuns(() => ws.read((conn) => bare(conn, PATH_BARE_SQL)), 1, warm)));
    t.alloc.push(...(await timeRuns(() => ws.read((conn) => allocate(conn, allocationInput)), 1, warm)));
    t.allocBare.push(...(await timeRuns(() => ws.read(bareAllocation), 1, warm)));
  }
  const p50 = (x: number[]) => quantile(x, 0.5);
  const round = (x: number) => Math.round(x * 100) / 100;
  const pathRatio = round(p50(t.path) / p50(t.pathBare));
  const allocationRatio = round(p50(t.alloc) / p50(t.allocBare));
  const ratio = Math.max(pathRatio, allocationRatio);
  process.stderr.write(
    `path p50 ${p50(t.path)} ms (bare ${p50(t.pathBare)} ms, ratio ${pathRatio}) · allocation p50 ${p50(t.alloc)} ms (bare ${p50(t.allocBare)} ms, ratio ${allocationRatio})\n`,
  );
  process.stdout.write(
    `${JSON.stringify({
      bench: 'paths',
      binding_constraints: N.constraints,
      binding_rows_per_side: N.rows,
      path_rows: pathRows,
      top_constraints: constraints.length,
      tickets: outages.length,
      allocated_pairs: pairsAllocated,
      runs: RUNS,
      path_p50_ms: p50(t.path),
      path_p95_ms: quantile(t.path, 0.95),
      path_bare_p50_ms: p50(t.pathBare),
      path_ratio: pathRatio,
      allocation_p50_ms: p50(t.alloc),
      allocation_p95_ms: quantile(t.alloc, 0.95),
      allocation_bare_p50_ms: p50(t.allocBare),
      allocation_ratio: allocationRatio,
      goal: { p50_ms: 500, ratio: 1.5 },
      met: p50(t.path) <= 500 && p50(t.alloc) <= 500 && ratio <= 1.5,
      ratio,
    })}\n`,
  );
} finally {
  await cleanup();
  setLogSink();
}
