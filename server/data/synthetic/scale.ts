import { DuckDBInstance, LIST, VARCHAR, type DuckDBConnection } from '@duckdb/node-api';
import { entityId } from '../constraints/ids.js';
import type { ConstraintDatasetConfig } from '../constraints/configs.js';
import { populateConstraintTables } from '../constraints/populate.js';
import { appendRows } from '../constraints/schema.js';
import { integer, pick, rng } from './random.js';
import { readSyntheticInputs } from './sources.js';

/**
 * `--scale` mode: a SYNTHETIC constraint database big enough for benchmarks, in the same layout as the
 * embedded one (constraints/schema.ts), so ConstraintStore and the routes run on it unchanged.
 * Defaults: 30 days × 5-minute intervals × 500 binding constraints (4,320,000 binding rows, one
 * contingency each drawn from the constraint's 1–3), 100,000 constraints in all, a pool of 2,000
 * contingencies, 20,000 outage tickets in the window. Names look like PJM facility names
 * (`ABCDEF-GHIJK 123 345 KV`); shadow prices are −(0.01…1000) $/MWh, heavy-tailed. Binding rows are
 * generated inside DuckDB from `hash()` of the seed, so the same options give the same file.
 */

/** Options of {@link generateScaledDatabase}. */
export interface ScaleOptions {
  /** The DuckDB file to write (must not exist). */
  file: string;
  /** Folder of the real synthetic inputs (pricing nodes, footprint, eDART exemplar). */
  dataDir: string;
  days?: number;
  bindingConstraints?: number;
  constraints?: number;
  contingencies?: number;
  outageTickets?: number;
  /** First interval (epoch ms, UTC). Default 2024-09-01. */
  start?: number;
}

/** What was written. */
export interface ScaleSummary {
  file: string;
  dataset_id: string;
  binding_rows: number;
  constraints: number;
  contingencies: number;
  outage_tickets: number;
  start_utc: string;
  end_utc: string;
}

export const SCALED_DATASET: ConstraintDatasetConfig = {
  dataset_id: 'pjm_marginal_value_real_time_5_min', market_id: 'pjm', constraint_column: 'monitored_facility',
  contingency_column: 'contingency_facility', shadow_price_column: 'shadow_price', price_kind: 'rt',
  time_index_column: 'interval_start_utc', interval_end_column: 'interval_end_utc',
};

const SYLLABLES = ['AL', 'BER', 'CON', 'DUN', 'EL', 'FOR', 'GRA', 'HAN', 'KEY', 'LAN', 'MOR', 'NOR', 'PEA', 'QUA', 'RAM', 'SAL', 'TOW', 'VAL', 'WES', 'YOR'];
const station = (r: () => number) => Array.from({ length: integer(r, 2, 3) }, () => pick(r, SYLLABLES)).join('').slice(0, 8);
const VOLTAGES = [115, 138, 230, 345, 500, 765];

/** Facility name of constraint `i` (unique by its number). */
function constraintName(i: number): string {
  const r = rng('scale-constraint', i);
  return `${station(r)}-${station(r)} ${i + 1} ${pick(r, VOLTAGES)} KV`;
}

/** Contingency name `j` (unique by its number). */
function contingencyName(j: number): string {
  const r = rng('scale-contingency', j);
  return `L${pick(r, VOLTAGES)}.${station(r)}-${station(r)}.${j + 1}`;
}

/** Writes the scaled database. @throws when the file exists or DuckDB fails. */
export async function generateScaledDatabase(options: ScaleOptions): Promise<ScaleSummary> {
  const days = options.days ?? 30;
  const binding = options.bindingConstraints ?? 500;
  const total = Math.max(options.constraints ?? 100_000, binding);
  const pool = options.contingencies ?? 2_000;
  const start = options.start ?? Date.UTC(2024, 8, 1);
  const end = start + days * 86_400_000;
  const inputs = await readSyntheticInputs(options.dataDir);
  const instance = await DuckDBInstance.create(options.file);
  const conn = await instance.connect();
  try {
    await conn.run('CREATE TEMP TABLE scale_binding (idx INTEGER, name VARCHAR, contingencies VARCHAR[], scale DOUBLE)');
    await appendBindingConstraints(conn, binding, pool);
    const iso = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
    await conn.run(`
      CREATE TABLE ${SCALED_DATASET.dataset_id} AS
      SELECT t.ts AS interval_start_utc, t.ts + INTERVAL 5 MINUTE AS interval_end_utc, b.name AS monitored_facility,
             b.contingencies[1 + (hash(b.idx, epoch(t.ts), 'k') % len(b.contingencies))::INTEGER] AS contingency_facility,
             2000.0::DOUBLE AS transmission_constraint_penalty_factor, 95.0::DOUBLE AS limit_control_percentage,
             -round(0.01 + b.scale * pow((hash(b.idx, epoch(t.ts), 'p') % 1000000) / 1000000.0, 3), 2)::DOUBLE AS shadow_price
      FROM range(TIMESTAMP '${iso(start)}', TIMESTAMP '${iso(end)}', INTERVAL 5 MINUTE) t(ts) CROSS JOIN scale_binding b
      ORDER BY interval_start_utc, monitored_facility, contingency_facility`);
    const horizon = end + 90 * 86_400_000;
    await populateConstraintTables(conn, {
      configs: [SCALED_DATASET],
      inputs,
      builtAt: Date.now(),
      kind: 'scaled',
      tickets: { count: options.outageTickets ?? 20_000, firstTicket: 9_100_001, windows: [{ from: start, to: end, weight: 1 }], horizon },
    });
    await appendIdleEntities(conn, binding, total, pool, start);
    await conn.run('CHECKPOINT');
    const counts = (await conn.runAndReadAll(`SELECT (SELECT count(*) FROM ${SCALED_DATASET.dataset_id})::DOUBLE AS b, (SELECT count(*) FROM gs_constraints)::DOUBLE AS c,
      (SELECT count(*) FROM gs_contingencies)::DOUBLE AS k, (SELECT count(DISTINCT ticket) FROM gs_outage_versions)::DOUBLE AS t`)).getRowObjectsJson()[0]!;
    return {
      file: options.file, dataset_id: SCALED_DATASET.dataset_id, binding_rows: Number(counts.b), constraints: Number(counts.c),
      contingencies: Number(counts.k), outage_tickets: Number(counts.t), start_utc: new Date(start).toISOString(), end_utc: new Date(end).toISOString(),
    };
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** The binding constraints: name, 1–3 contingencies from the pool, shadow price scale. */
async function appendBindingConstraints(conn: DuckDBConnection, binding: number, pool: number): Promise<void> {
  const appender = await conn.createAppender('scale_binding');
  try {
    for (let i = 0; i < binding; i += 1) {
      const r = rng('scale-binding', i);
      const contingencies = [...new Set(Array.from({ length: integer(r, 1, 3) }, () => contingencyName(integer(r, 0, pool - 1))))];
      appender.appendInteger(i);
      appender.appendVarchar(constraintName(i));
      appender.appendList(contingencies, LIST(VARCHAR));
      appender.appendDouble(pick(r, [50, 200, 1000]));
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}

/** Constraints that do not bind in the window (seen in the two years before it) and unused contingencies. */
async function appendIdleEntities(conn: DuckDBConnection, binding: number, total: number, pool: number, start: number): Promise<void> {
  const builtAt = Date.now();
  const used = new Set((await conn.runAndReadAll('SELECT contingency_name FROM gs_contingencies')).getRowObjectsJson().map((row) => String(row.contingency_name)));
  const seen = (r: () => number) => {
    const latest = start - integer(r, 1, 730) * 3_600_000 * 24;
    return { earliest_seen_utc: latest - integer(r, 0, 365) * 86_400_000, latest_seen_utc: latest };
  };
  const constraints = function* () {
    for (let i = binding; i < total; i += 1) {
      const name = constraintName(i);
      yield { gs_entity_id: entityId('constraint', 'pjm', name), constraint_name: name, market_id: 'pjm', ...seen(rng('scale-seen', i)), available_datasets: [], gs_created_at_utc: builtAt, gs_updated_at_utc: builtAt };
    }
  };
  await appendRows(conn, 'gs_constraints', constraints());
  const contingencies = function* () {
    for (let j = 0; j < pool; j += 1) {
      const name = contingencyName(j);
      if (used.has(name)) continue;
      yield { gs_entity_id: entityId('contingency', 'pjm', name), contingency_name: name, market_id: 'pjm', ...seen(rng('scale-seen-k', j)), available_datasets: [], gs_created_at_utc: builtAt, gs_updated_at_utc: builtAt };
    }
  };
  await appendRows(conn, 'gs_contingencies', contingencies());
}
