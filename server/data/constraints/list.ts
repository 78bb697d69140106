import type { DuckDBConnection } from '@duckdb/node-api';
import type { ConstraintListQuery, ContingencyListQuery } from '../../../shared/index.js';
import { ident, sqlString } from '../sql.js';
import type { ConstraintDatasetConfig } from './configs.js';
import { selectJsonArray, type Columns, type OrderKey } from './json.js';
import { Params, parseIsos, utcText } from './params.js';
import { windowCostSql } from './rollup.js';

function filters(params: Params, query: { isos?: string; search?: string; active_after?: string }, nameColumn: string): string {
  const where: string[] = [];
  const isos = parseIsos(query.isos);
  if (isos !== undefined) where.push(`list_contains(string_split(${params.add(isos.join(','))}, ','), lower(e.market_id))`);
  if (query.search !== undefined) where.push(`contains(lower(e.${nameColumn}), lower(${params.add(query.search)}))`);
  if (query.active_after !== undefined) where.push(`e.latest_seen_utc >= ${params.time(query.active_after)}`);
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

/** Ordering keys of docs/api.md#constraint-list; `costs`: the cost join `k` is present. */
function ordering(query: { search?: string; sort_column?: string; sort_order?: string }, nameColumn: string, costs: boolean): OrderKey[] {
  const fallback: OrderKey[] = [
    { expr: 'e.latest_seen_utc', dir: 'DESC' },
    { expr: 'e.market_id', dir: 'ASC' },
    { expr: `e.${nameColumn}`, dir: 'ASC' },
    { expr: 'e.gs_entity_id', dir: 'ASC' },
  ];
  if (query.sort_column !== undefined) return [{ expr: `e.${ident(query.sort_column)}`, dir: query.sort_order === 'asc' ? 'ASC' : 'DESC' }, ...fallback];
  const keys: OrderKey[] =
    query.search !== undefined
      ? [{ expr: `length(e.${nameColumn})`, dir: 'ASC' }, { expr: `e.${nameColumn}`, dir: 'ASC' }, { expr: 'e.market_id', dir: 'ASC' }, { expr: 'e.gs_entity_id', dir: 'ASC' }]
      : costs
        ? [{ expr: 'k.rt', dir: 'DESC' }, ...fallback]
        : fallback;
  if (query.sort_order === 'asc') keys[0] = { expr: keys[0]!.expr, dir: keys[0]!.dir === 'ASC' ? 'DESC' : 'ASC' };
  return keys;
}

function costSql(params: Params, configs: readonly ConstraintDatasetConfig[], start?: string, end?: string): string {
  const parts = configs
    .filter((c) => c.shadow_price_column !== null && c.price_kind !== null)
    .map((c) => `SELECT ${sqlString(c.market_id)} AS market_id, constraint_name AS name, ${sqlString(c.price_kind!)} AS kind, absolute_cost AS cost
                 FROM (${windowCostSql(params, c, start, end)})`);
  if (parts.length === 0) return 'SELECT NULL::VARCHAR AS market_id, NULL::VARCHAR AS name, NULL::DOUBLE AS rt, NULL::DOUBLE AS da WHERE false';
  return `SELECT market_id, name, sum(cost) FILTER (WHERE kind = 'rt')::DOUBLE AS rt, sum(cost) FILTER (WHERE kind = 'da')::DOUBLE AS da
          FROM (${parts.join(' UNION ALL ')}) GROUP BY market_id, name`;
}

const seenColumns = (name: string): Columns => [
  ['gs_entity_id', 'e.gs_entity_id'],
  [name, `e.${name}`],
  ['market_id', 'e.market_id'],
  ['earliest_seen_utc', utcText('e.earliest_seen_utc')],
  ['latest_seen_utc', utcText('e.latest_seen_utc')],
  ['available_datasets', 'e.available_datasets'],
];
const timestampColumns: Columns = [
  ['gs_created_at_utc', utcText('e.gs_created_at_utc')],
  ['gs_updated_at_utc', utcText('e.gs_updated_at_utc')],
];

/** `data` of `GET /v1/constraints` (docs/api.md#constraint-list) as JSON array text, and its length. */
export async function listConstraints(conn: DuckDBConnection, configs: readonly ConstraintDatasetConfig[], query: ConstraintListQuery): Promise<{ body: string; count: number }> {
  const params = new Params();
  const where = filters(params, query, 'constraint_name');
  const costs = query.include_absolute_costs;
  const columns = seenColumns('constraint_name');
  let join = '';
  if (costs) {
    join = `LEFT JOIN (${costSql(params, configs, query.absolute_cost_start_time, query.absolute_cost_end_time)}) k ON k.market_id = e.market_id AND k.name = e.constraint_name`;
    columns.push(['rt_absolute_cost', 'k.rt'], ['da_absolute_cost', 'k.da']);
  }
  if (query.include_timestamps) columns.push(...timestampColumns);
  const from = `gs_constraints e ${join} ${where}`;
  return selectJsonArray(conn, { columns, from, order: ordering(query, 'constraint_name', costs), limit: query.limit }, params.values);
}

/** `GET /v1/constraints/contingencies` (docs/api.md#contingency-list) as JSON array text, and its length. */
export async function listContingencies(conn: DuckDBConnection, query: ContingencyListQuery): Promise<{ body: string; count: number }> {
  const params = new Params();
  const from = `gs_contingencies e ${filters(params, query, 'contingency_name')}`;
  const columns = [...seenColumns('contingency_name'), ...timestampColumns];
  return selectJsonArray(conn, { columns, from, order: ordering(query, 'contingency_name', false), limit: query.limit }, params.values);
}
