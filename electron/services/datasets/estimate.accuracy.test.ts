import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditRow,
  ColumnValuesResult,
  Dataset,
  DatasetWithTimezone,
  EstimateFilter,
  QueryEstimate,
  QueryPage,
  Result,
} from '../../../shared/index.js';
import { dispatch } from '../verbs/dispatch.js';
import { createServices } from '../index.js';
import type { Services } from '../index.js';
import { createFileVault } from '../vault/keyVault.js';
import { setLogSink } from '../common/logger.js';

// Every dataset of the real embedded server, with and without audit counts, metadata loaded as the renderer does:
// within 0.5×–2× of the real rows, or an `upperBound` not below them. GRIDSCOPE_ESTIMATE_TABLE=<file> writes the table as TSV.

const DAY_MS = 86_400_000;
/** The filter form's suggestion limit (renderer/src/query/useColumnValues.ts). */
const SUGGESTIONS = 100;
const MISSING_VALUE = 'no such value 0';

let services: Services;
let dirs: string[] = [];
const table: string[][] = [['audit', 'dataset', 'window', 'filter', 'estimate', 'upper bound', 'actual']];

async function call<T>(verb: string, input: unknown): Promise<T> {
  const r = (await dispatch(services.handlers, verb, input)) as Result<T>;
  if (!r.ok) throw new Error(`${verb} ${JSON.stringify(input)}: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

async function actualRows(datasetId: string, window: Window, filter?: EstimateFilter): Promise<number> {
  let rows = 0;
  let cursor: string | null = null;
  do {
    const page: QueryPage = await call<QueryPage>('datasets:query', {
      datasetId,
      ...window,
      ...(filter ? { filter } : {}),
      pageSize: 10_000,
      ...(cursor ? { cursor } : {}),
    });
    rows += page.rows.length;
    cursor = page.hasNextPage ? page.cursor : null;
  } while (cursor);
  return rows;
}

interface Window {
  startTime?: string;
  endTime?: string;
  timezone?: string;
}

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const label = (w: Window): string =>
  w.startTime ? `${w.startTime} → ${w.endTime}${w.timezone ? ` (${w.timezone})` : ' (UTC)'}` : 'all';

/** Windows of a day or more: the whole dataset, its first market date, its latest UTC day (the form's default), two UTC days from the first, a week, the UTC day in the middle. */
function windowsOf(d: Dataset, audit: AuditRow[]): Window[] {
  const earliest = Date.parse(d.earliest_available_time_utc!);
  const latest = Date.parse(d.latest_available_time_utc!);
  const first = audit.find((r) => r.number_of_datapoints > 0)!.market_date;
  const firstNext = day(Date.parse(`${first}T00:00:00Z`) + DAY_MS);
  const middle = earliest + (latest - earliest) / 2;
  return [
    {},
    { startTime: first, endTime: firstNext, timezone: 'market' },
    { startTime: day(latest), endTime: day(latest + DAY_MS) },
    { startTime: day(earliest), endTime: day(earliest + 2 * DAY_MS) },
    { startTime: day(latest - 6 * DAY_MS), endTime: day(latest + DAY_MS) },
    { startTime: day(middle), endTime: day(middle + DAY_MS) },
  ];
}

/** Loads the filter suggestions of `column` as the filter form does, then a search for `value` when it is not among them. */
async function loadSuggestions(datasetId: string, column: string, value: string): Promise<ColumnValuesResult> {
  const all = await call<ColumnValuesResult>('datasets:columnValues', { datasetId, column, limit: SUGGESTIONS });
  if (all.truncated && !all.values.some((v) => String(v.value) === value)) {
    await call('datasets:columnValues', { datasetId, column, search: value, limit: SUGGESTIONS });
  }
  return all;
}

async function check(withAudit: boolean, d: DatasetWithTimezone, window: Window, filter?: EstimateFilter): Promise<void> {
  const estimate = await call<QueryEstimate>('datasets:estimate', { datasetId: d.id, ...window, ...(filter ? { filter } : {}) });
  const actual = await actualRows(d.id, window, filter);
  const f = filter ? `${filter.column} ${filter.operator} ${filter.value}` : '';
  table.push([
    withAudit ? 'yes' : 'no',
    d.id,
    label(window),
    f,
    String(estimate.estimatedRows),
    estimate.upperBound ? 'yes' : '',
    String(actual),
  ]);
  const what = `${d.id} ${label(window)} ${f}: ≈ ${estimate.estimatedRows}${estimate.upperBound ? ' (upper bound)' : ''}, actual ${actual}; ${estimate.basis}`;
  if (estimate.upperBound) {
    expect.soft(estimate.estimatedRows, what).toBeGreaterThanOrEqual(actual);
    expect.soft(estimate.basis, what).toMatch(/An upper bound, because \S/);
  } else {
    expect.soft(estimate.estimatedRows, what).toBeGreaterThanOrEqual(actual / 2);
    expect.soft(estimate.estimatedRows, what).toBeLessThanOrEqual(actual * 2);
  }
}

beforeAll(async () => {
  setLogSink(() => undefined);
  dirs = [await mkdtemp(join(tmpdir(), 'gs-accuracy-config-')), await mkdtemp(join(tmpdir(), 'gs-accuracy-cache-'))];
  const [configDir, cacheDir] = dirs as [string, string];

  services = createServices({ configDir, vault: createFileVault(configDir), host: 'web', versions: {}, embedded: { cacheDir } });
});

afterAll(async () => {
  await services?.dispose();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  setLogSink();
  if (process.env.GRIDSCOPE_ESTIMATE_TABLE)
    await writeFile(process.env.GRIDSCOPE_ESTIMATE_TABLE, table.map((r) => r.join('\t')).join('\n') + '\n');
});

describe.each([true, false])('the estimate on every embedded dataset (audit counts loaded: %s)', (withAudit) => {
  it('is within 0.5×–2× of the real rows, or an upper bound at or above them', { timeout: 300_000 }, async () => {
    await call('cache:clear', {});
    const datasets = await call<Dataset[]>('datasets:list', {});
    expect(datasets.length).toBeGreaterThan(5);
    for (const summary of datasets) {
      const d = await call<DatasetWithTimezone>('datasets:get', { datasetId: summary.id });
      // The audit is read in either case (for the windows); without it, its cached answer is dropped again.
      const audit = await call<AuditRow[]>('datasets:audit', { datasetId: d.id });
      if (!withAudit) {
        await call('cache:clear', {});
        await call('datasets:get', { datasetId: d.id });
      }
      for (const window of windowsOf(d, audit)) await check(withAudit, d, window);
      const sub = d.subseries_index_column;
      if (!sub) continue;
      const values = await loadSuggestions(d.id, sub, MISSING_VALUE);
      const windows = windowsOf(d, audit).slice(0, 3);
      for (const value of [values.values[0]!.value, values.values.at(-1)!.value, MISSING_VALUE]) {
        const filter: EstimateFilter = { column: sub, operator: '=', value: String(value) };
        for (const window of windows) await check(withAudit, d, window, filter);
      }
      await check(withAudit, d, windows[1]!, {
        column: sub,
        operator: 'in',
        value: `${String(values.values[0]!.value)}, ${MISSING_VALUE}`,
      });
    }
  });
});
