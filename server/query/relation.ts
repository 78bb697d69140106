import type { DatasetColumn } from '../../shared/index.js';
import { ident } from '../data/sql.js';
import type { Binder } from './binder.js';
import type { ResultColumn } from './columns.js';
import { whereClause, type Relation } from './plan.js';
import { resampleRelation } from './resample.js';
import type { QuerySpec } from './spec.js';

const asResult = (column: DatasetColumn): ResultColumn => ({ name: column.name, type: column.type });

const COMPARISON: Record<string, string> = { '=': '=', '!=': '!=', '>': '>', '>=': '>=', '<': '<', '<=': '<=' };

function plainPredicates(spec: QuerySpec, binder: Binder): string[] {
  const time = ident(spec.dataset.time_index_column!);
  const publish = spec.dataset.publish_time_column ? ident(spec.dataset.publish_time_column) : null;
  const where: string[] = [];
  if (spec.start) where.push(`${time} >= ${binder.cast(spec.start, 'TIMESTAMP')}`);
  if (spec.end) where.push(`${time} < ${binder.cast(spec.end, 'TIMESTAMP')}`);
  if (publish && spec.publishStart) where.push(`${publish} >= ${binder.cast(spec.publishStart, 'TIMESTAMP')}`);
  if (publish && spec.publishEnd) where.push(`${publish} < ${binder.cast(spec.publishEnd, 'TIMESTAMP')}`);
  if (publish && spec.publish?.kind === 'exact') where.push(`${publish} = ${binder.cast(spec.publish.at, 'TIMESTAMP')}`);
  const filter = spec.filter;
  if (filter) {
    const column = ident(filter.column.name);
    const values = filter.values.map((value) => binder.cast(value, filter.column.type));
    where.push(
      filter.operator === 'in' ? `${column} IN (${values.join(', ')})` : `${column} ${COMPARISON[filter.operator]} ${values[0]}`,
    );
  }
  return where;
}

/** A query's relation (docs/query.md): filtered, narrowed by `time`/`publish_time`, resampled; identifiers from the catalogue. */
export function buildRelation(spec: QuerySpec, binder: Binder): Relation {
  const { dataset } = spec;
  const table = ident(dataset.id);
  const time = ident(dataset.time_index_column!);
  const publishName = dataset.publish_time_column;
  const where = plainPredicates(spec, binder);
  if (spec.time) {
    const target =
      spec.time.at === 'latest'
        ? `(SELECT max(${time}) FROM ${table} ${whereClause(where)})`
        : binder.cast(spec.time.at, 'TIMESTAMP');
    where.push(`${time} ${spec.time.comparison} ${target}`);
  }
  if (publishName && spec.publish?.kind === 'latest_report') {
    const publish = ident(publishName);
    where.push(`${publish} = (SELECT max(${publish}) FROM ${table} ${whereClause(where)})`);
  }
  const timeName = dataset.time_index_column!;
  const keyNames = [timeName, ...(dataset.primary_key_columns ?? []).filter((name) => name !== timeName)];
  const keys = keyNames.map((name) => asResult(dataset.all_columns.find((column) => column.name === name)!));
  let relation: Relation;
  const kind = spec.publish?.kind;
  if (publishName && (kind === 'latest' || kind === 'latest_before')) {
    const publish = ident(publishName);
    if (spec.publish?.kind === 'latest_before') {
      where.push(`${publish} < ${time} + to_seconds(CAST(${binder.bind(spec.publish.offsetSeconds)} AS BIGINT))`);
    }
    const partition = keyNames
      .filter((name) => name !== publishName)
      .map(ident)
      .join(', ');
    relation = {
      sql: `SELECT * FROM ${table} ${whereClause(where)} QUALIFY row_number() OVER (PARTITION BY ${partition} ORDER BY ${publish} DESC) = 1`,
      columns: spec.projection.map(asResult),
      keys,
    };
  } else {
    const timeRangeOnly = !spec.filter && !spec.time && !spec.publish && !spec.publishStart && !spec.publishEnd;
    relation = {
      sql: `SELECT * FROM ${table} ${whereClause(where)}`,
      columns: spec.projection.map(asResult),
      keys,
      scan: { table, where, timeRangeOnly },
    };
  }
  return spec.resample ? resampleRelation(relation, spec, spec.resample, binder) : relation;
}
