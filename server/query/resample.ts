import { RESAMPLE_CONVERSION, type ResampleFunction } from '../../shared/index.js';
import { ident } from '../data/sql.js';
import type { Binder } from './binder.js';
import { isNumericType, timeIndexColumns, type ResultColumn } from './columns.js';
import type { Relation } from './plan.js';
import type { QuerySpec, ResampleSpec } from './spec.js';

function aggregate(fn: ResampleFunction, column: ResultColumn): { sql: string; type: string } {
  const c = ident(column.name);
  switch (fn) {
    case 'mean':
      return { sql: `avg(${c})`, type: 'DOUBLE PRECISION' };
    case 'sum':
      return column.type === 'DOUBLE PRECISION'
        ? { sql: `sum(${c})`, type: 'DOUBLE PRECISION' }
        : { sql: `CAST(sum(${c}) AS BIGINT)`, type: 'BIGINT' };
    case 'min':
    case 'max':
      return { sql: `${fn}(${c})`, type: column.type };
    case 'count':
      return { sql: `count(${c})`, type: 'BIGINT' };
    case 'stddev':
      return { sql: `stddev_samp(${c})`, type: 'DOUBLE PRECISION' };
    case 'variance':
      return { sql: `var_samp(${c})`, type: 'DOUBLE PRECISION' };
  }
}

/** Wraps `base` in the resampling GROUP BY (docs/query.md#resampling: buckets, local days with `timezone`, upsampling). */
export function resampleRelation(base: Relation, spec: QuerySpec, resample: ResampleSpec, binder: Binder): Relation {
  const { dataset } = spec;
  const [timeColumn, endColumn] = timeIndexColumns(dataset);
  const time = ident(timeColumn!.name);
  const step = `CAST(${binder.bind(resample.frequency.interval)} AS INTERVAL)`;
  const local = resample.frequency.calendar && spec.zone !== null;
  const zone = local ? binder.bind(spec.zone!) : '';
  const toSpace = (x: string) => (local ? `timezone(${zone}, timezone('UTC', ${x}))` : x);
  const fromSpace = (x: string) => (local ? `timezone('UTC', timezone(${zone}, ${x}))` : x);

  const dataSeconds: number = RESAMPLE_CONVERSION[dataset.data_frequency as keyof typeof RESAMPLE_CONVERSION] ?? -1;
  const upsample = dataSeconds > 0 && resample.frequency.seconds < dataSeconds;
  const intervalEnd = endColumn ? ident(endColumn.name) : `${time} + to_seconds(${dataSeconds})`;
  const bucket = upsample
    ? `unnest(range(time_bucket(${step}, ${toSpace(time)}), greatest(${toSpace(intervalEnd)}, ${toSpace(time)} + INTERVAL 1 MICROSECOND), ${step}))`
    : `time_bucket(${step}, ${toSpace(time)})`;

  const timeNames = new Set([timeColumn!.name, endColumn?.name]);
  const by = resample.by.filter((column) => !timeNames.has(column.name));
  const byNames = new Set(by.map((column) => column.name));
  const values = spec.projection.filter(
    (column) => !timeNames.has(column.name) && !byNames.has(column.name) && isNumericType(column.type),
  );
  const aggregates = values.map((column) => ({ name: column.name, ...aggregate(resample.fn, column) }));

  const select = [
    `${fromSpace('__bucket')} AS ${time}`,
    ...(endColumn ? [`${fromSpace(`__bucket + ${step}`)} AS ${ident(endColumn.name)}`] : []),
    ...by.map((column) => ident(column.name)),
    ...aggregates.map((agg) => `${agg.sql} AS ${ident(agg.name)}`),
  ];
  const sql = `SELECT ${select.join(', ')}
    FROM (SELECT ${bucket} AS __bucket, * FROM (${base.sql}) AS __source) AS __bucketed
    GROUP BY ${['__bucket', ...by.map((column) => ident(column.name))].join(', ')}`;
  const timeResult = { name: timeColumn!.name, type: 'TIMESTAMP' };
  const byResult = by.map((column) => ({ name: column.name, type: column.type }));
  return {
    sql,
    columns: [
      timeResult,
      ...(endColumn ? [{ name: endColumn.name, type: 'TIMESTAMP' }] : []),
      ...byResult,
      ...aggregates.map((agg) => ({ name: agg.name, type: agg.type })),
    ],
    keys: [timeResult, ...byResult],
  };
}
