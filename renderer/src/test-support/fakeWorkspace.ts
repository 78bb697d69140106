import type {
  ColumnFilter,
  ContractResults,
  ExportOutcome,
  GridscopeApi,
  PullProgress,
  PullQuery,
  PullRecord,
  PullState,
  SavedQuery,
  SortKey,
  TableColumn,
  VerbInput,
} from '../../../shared/bridge/contract.js';
import type { GsError, Result } from '../../../shared/errors.js';
import type { DatasetUpdate } from '../../../shared/schemas/updates.js';

/** A pull in the fake workspace: its record and every row it holds, in the order the server sent them. */
export interface FakePull {
  record: PullRecord;
  rows: unknown[][];
}

/**
 * The fake workspace behind the `workspace:*` verbs. A new pull copies `source` (rows and typed columns) and ends
 * `complete` at once, unless `holdPulls` keeps it `running` for the test to move on with {@link finishPull}. A binding
 * pull copies `bindingSource` the same way, keeping rows whose |shadow_price| is above the threshold, at most `limit`.
 */
export interface FakeWorkspace {
  source: { columns: TableColumn[]; rows: unknown[][] };
  bindingSource: { columns: TableColumn[]; rows: unknown[][] };
  holdPulls: boolean;
  pulls: FakePull[];
  saved: SavedQuery[];
  exportOutcome: Partial<ExportOutcome>;
  pullInputs: VerbInput<'workspace:pull'>[];
  pullBindingInputs: VerbInput<'workspace:pullBinding'>[];
  /** What `workspace:openLocal` reads: the downloaded days' rows (a `local` pull, held `running` like the others). */
  localSource: { columns: TableColumn[]; rows: unknown[][] };
  openLocalInputs: VerbInput<'workspace:openLocal'>[];
  rowsInputs: VerbInput<'workspace:rows'>[];
  /**
   * Reads asking `countLater` answer as a review read from its files: a full page with the rows through it and
   * `countPending`; the count alone (`limit: 0`) answers once `countGate` resolves.
   */
  deferCounts: boolean;
  countGate: Promise<void>;
  exportInputs: VerbInput<'workspace:export'>[];
  cancelInputs: number[];
  valuesInputs: VerbInput<'workspace:values'>[];
  /** The dataset update records `workspace:changes` answers as newer than any pull; `workspace:refresh` clears them. */
  updatesSince: DatasetUpdate[];
  changesInputs: number[];
  refreshInputs: number[];
  nextId: number;
}

type FakeWorkspaceVerbs = Pick<GridscopeApi, Extract<keyof GridscopeApi, `workspace:${string}`>>;

/** A fresh fake workspace: empty, pulls copying one row of `interval_start_utc` and `shadow_price`. */
export function createFakeWorkspace(over: Partial<FakeWorkspace> = {}): FakeWorkspace {
  return {
    source: {
      columns: [
        { name: 'interval_start_utc', type: 'TIMESTAMPTZ' },
        { name: 'shadow_price', type: 'DOUBLE' },
      ],
      rows: [['2023-11-07T05:00:00+00:00', 12.5]],
    },
    bindingSource: {
      columns: [
        { name: 'interval_start_utc', type: 'TIMESTAMPTZ' },
        { name: 'shadow_price', type: 'DOUBLE' },
        { name: 'constraint_name', type: 'VARCHAR' },
      ],
      rows: [
        ['2024-09-02T04:05:00+00:00', -151.46, 'LENOX-NMESHOPP NML 1090 B 115 KV'],
        ['2024-09-02T04:10:00+00:00', -12.5, 'LENOX-NMESHOPP NML 1090 B 115 KV'],
        ['2024-09-02T04:15:00+00:00', 80, 'CRANBERY138 KV CRA-HOY'],
      ],
    },
    holdPulls: false,
    pulls: [],
    saved: [],
    exportOutcome: {},
    pullInputs: [],
    pullBindingInputs: [],
    localSource: {
      columns: [
        { name: 'interval_start_utc', type: 'TIMESTAMPTZ' },
        { name: 'shadow_price', type: 'DOUBLE' },
      ],
      rows: [
        ['2026-03-25T04:00:00+00:00', 21.5],
        ['2026-03-26T04:00:00+00:00', 18.25],
      ],
    },
    openLocalInputs: [],
    rowsInputs: [],
    deferCounts: false,
    countGate: Promise.resolve(),
    exportInputs: [],
    cancelInputs: [],
    valuesInputs: [],
    updatesSince: [],
    changesInputs: [],
    refreshInputs: [],
    nextId: 1,
    ...over,
  };
}

/** Adds a pull to the workspace as if it had run (default `complete`); returns it. */
export function seedPull(
  ws: FakeWorkspace,
  params: PullQuery,
  table: { columns: TableColumn[]; rows: unknown[][] },
  over: Partial<PullRecord> = {},
): FakePull {
  const id = ws.nextId++;
  const state: PullState = over.state ?? 'complete';
  const pull: FakePull = {
    rows: table.rows,
    record: {
      id,
      kind: 'query',
      datasetId: params.datasetId,
      params,
      binding: null,
      local: null,
      profile: 'embedded',
      startedAt: '2024-03-01T12:00:00.000Z',
      endedAt: state === 'running' ? null : '2024-03-01T12:00:05.000Z',
      state,
      complete: state === 'complete',
      rows: table.rows.length,
      pages: 1,
      rowsCharged: table.rows.length,
      error: null,
      columns: table.columns,
      provenance: null,
      refreshes: [],
      ...over,
    },
  };
  ws.pulls.push(pull);
  return pull;
}

/** Moves a held pull on: its progress while `running`, or its end state (the progress is dropped). */
export function finishPull(ws: FakeWorkspace, id: number, patch: Partial<PullRecord>): void {
  const pull = ws.pulls.find((p) => p.record.id === id);
  if (!pull) throw new Error(`no fake pull ${id}`);
  const record = { ...pull.record, ...patch };
  if (record.state !== 'running') {
    delete record.progress;
    record.endedAt ??= '2024-03-01T12:00:09.000Z';
  }
  record.complete = record.state === 'complete';
  pull.record = record;
}

const IDLE_PROGRESS: PullProgress = {
  rows: 0,
  pages: 0,
  bytes: 0,
  rowsCharged: 0,
  elapsedMs: 0,
  rowsPerSecond: 0,
  etaSeconds: null,
  waiting: null,
};

const compare = (a: unknown, b: unknown): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
};

function matches(value: unknown, f: ColumnFilter): boolean {
  if (f.op === 'is null') return value === null || value === undefined;
  if (f.op === 'not null') return value !== null && value !== undefined;
  if (value === null || value === undefined) return false;
  if (f.op === 'contains') return String(value).toLowerCase().includes(String(f.value).toLowerCase());
  if (f.op === 'in') return (Array.isArray(f.value) ? f.value : [f.value]).some((v) => compare(value, v) === 0);
  const c = compare(value, f.value);
  return { '=': c === 0, '!=': c !== 0, '>': c > 0, '>=': c >= 0, '<': c < 0, '<=': c <= 0 }[f.op];
}

/** The rows of `pull` after filters and sort, as main's SQL orders them (NULLs last, then arrival order). */
export function viewRows(pull: FakePull, sort: readonly SortKey[] = [], filters: readonly ColumnFilter[] = []): unknown[][] {
  const index = (name: string) => {
    const i = pull.record.columns.findIndex((c) => c.name === name);
    if (i < 0) throw new Error(`unknown column ${name}`);
    return i;
  };
  const kept = pull.rows.filter((row) => filters.every((f) => matches(row[index(f.column)], f)));
  return kept
    .map((row, order) => ({ row, order }))
    .sort((x, y) => {
      for (const k of sort) {
        const i = index(k.column);
        const a = x.row[i];
        const b = y.row[i];
        if (a === b) continue;
        if (a === null || a === undefined) return 1;
        if (b === null || b === undefined) return -1;
        const c = compare(a, b);
        if (c !== 0) return k.desc ? -c : c;
      }
      return x.order - y.order;
    })
    .map((x) => x.row);
}

/** How the fake API sees the workspace's calls: `record` notes each verb, `failure` makes one fail. */
export interface FakeWorkspaceHooks {
  record(verb: keyof FakeWorkspaceVerbs): void;
  failure(verb: keyof FakeWorkspaceVerbs): GsError | undefined;
}

/** The `workspace:*` verbs over `ws`; an unknown pull or saved query answers `not_found`. */
export function fakeWorkspaceVerbs(ws: FakeWorkspace, hooks: FakeWorkspaceHooks): FakeWorkspaceVerbs {
  const answer = <V extends keyof FakeWorkspaceVerbs>(
    verb: V,
    value: () => ContractResults[V],
  ): Promise<Result<ContractResults[V]>> => {
    hooks.record(verb);
    const error = hooks.failure(verb);
    if (error) return Promise.resolve({ ok: false, error });
    try {
      return Promise.resolve({ ok: true, value: value() });
    } catch (e) {
      return Promise.resolve({ ok: false, error: { code: 'not_found', message: (e as Error).message } });
    }
  };
  const pullOf = (id: number): FakePull => {
    const pull = ws.pulls.find((p) => p.record.id === id);
    if (!pull) throw new Error(`No pull ${id} in the workspace.`);
    return pull;
  };

  /** Seeds a pull of `table` as `workspace:pull` answers it: `running` (held, no rows yet) or complete behind a running answer. */
  const startFake = (params: PullQuery, table: FakeWorkspace['source'], over: Partial<PullRecord>): PullRecord => {
    const running = ws.holdPulls;
    const { record } = seedPull(
      ws,
      params,
      running ? { columns: table.columns, rows: [] } : table,
      running ? { ...over, state: 'running', pages: 0, rowsCharged: 0, progress: { ...IDLE_PROGRESS } } : over,
    );
    return structuredClone(running ? record : { ...record, state: 'running', complete: false });
  };

  return {
    'workspace:pull': (input) => {
      ws.pullInputs.push(input);
      return answer('workspace:pull', () => startFake(input.query as PullQuery, ws.source, {}));
    },
    'workspace:pulls': ({ pullIds, datasetId, limit = 100 }) =>
      answer('workspace:pulls', () =>
        ws.pulls
          .map((p) => p.record)
          .filter((r) => (!pullIds || pullIds.includes(r.id)) && (!datasetId || r.datasetId === datasetId))
          .sort((a, b) => b.id - a.id)
          .slice(0, limit)
          .map((r) => structuredClone(r)),
      ),
    'workspace:cancel': ({ pullId }) => {
      ws.cancelInputs.push(pullId);
      return answer('workspace:cancel', () => {
        const pull = pullOf(pullId);
        if (pull.record.state !== 'running') return { cancelled: false };
        finishPull(ws, pullId, { state: 'cancelled', rows: pull.rows.length });
        return { cancelled: true };
      });
    },
    'workspace:deletePull': ({ pullId }) =>
      answer('workspace:deletePull', () => {
        const before = ws.pulls.length;
        ws.pulls = ws.pulls.filter((p) => p.record.id !== pullId);
        return { deleted: ws.pulls.length < before };
      }),
    'workspace:rows': async (input) => {
      ws.rowsInputs.push(input);
      const limit = input.limit ?? 200;
      if (ws.deferCounts && limit === 0) await ws.countGate;
      return answer('workspace:rows', () => {
        const pull = pullOf(input.pullId);
        const rows = viewRows(pull, input.sort, input.filters);
        const offset = input.offset ?? 0;
        const page = rows.slice(offset, offset + limit);
        const pending = ws.deferCounts && input.countLater === true && page.length === limit;
        return {
          pullId: input.pullId,
          state: pull.record.state,
          columns: pull.record.columns,
          rows: page,
          offset,
          totalRows: pending ? offset + page.length : rows.length,
          ...(pending ? { countPending: true } : {}),
        };
      });
    },
    'workspace:series': ({ pullId }) =>
      answer('workspace:series', () => ({
        pullId,
        series: [],
        xMin: null,
        xMax: null,
        rows: 0,
        totalRows: 0,
        truncatedSeries: false,
      })),
    'workspace:values': (input) => {
      ws.valuesInputs.push(input);
      return answer('workspace:values', () => {
        const pull = pullOf(input.pullId);
        const i = pull.record.columns.findIndex((c) => c.name === input.column);
        const counts = new Map<string | null, number>();
        for (const row of pull.rows) {
          const v = row[i] === null || row[i] === undefined ? null : String(row[i]);
          counts.set(v, (counts.get(v) ?? 0) + 1);
        }
        const values = [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count);
        const limit = input.limit ?? 100;
        return { pullId: input.pullId, column: input.column, values: values.slice(0, limit), truncated: values.length > limit };
      });
    },
    'workspace:export': (input) => {
      ws.exportInputs.push(input);
      return answer('workspace:export', () => ({
        format: input.format,
        rows: viewRows(pullOf(input.pullId), input.sort, input.filters).length,
        bytes: 1234,
        path: `/home/user/Downloads/pull-${input.pullId}.${input.format}`,
        ...ws.exportOutcome,
      }));
    },
    'workspace:saveQuery': ({ name, query }) =>
      answer('workspace:saveQuery', () => {
        const saved: SavedQuery = {
          id: ws.nextId++,
          name: name.trim(),
          datasetId: query.datasetId,
          params: query as PullQuery,
          createdAt: '2024-03-02T08:00:00.000Z',
        };
        ws.saved.push(saved);
        return structuredClone(saved);
      }),
    'workspace:savedQueries': () =>
      answer('workspace:savedQueries', () => ws.saved.map((s) => structuredClone(s)).sort((a, b) => b.id - a.id)),
    'workspace:renameSaved': ({ id, name }) =>
      answer('workspace:renameSaved', () => {
        const saved = ws.saved.find((s) => s.id === id);
        if (!saved) throw new Error(`No saved query ${id}.`);
        saved.name = name.trim();
        return structuredClone(saved);
      }),
    'workspace:deleteSaved': ({ id }) =>
      answer('workspace:deleteSaved', () => {
        const before = ws.saved.length;
        ws.saved = ws.saved.filter((s) => s.id !== id);
        return { deleted: ws.saved.length < before };
      }),
    'workspace:openLocal': (input) => {
      ws.openLocalInputs.push(input);
      return answer('workspace:openLocal', () =>
        startFake({ datasetId: input.datasetId }, ws.localSource, {
          kind: 'local',
          rowsCharged: 0,
          local: {
            dates: [...input.dates].sort(),
            files: input.dates.length,
            bytes: input.dates.length * 36_000,
            folder: '/home/analyst/Gridscope downloads',
          },
        }),
      );
    },
    'workspace:pullBinding': (input) => {
      ws.pullBindingInputs.push(input);
      return answer('workspace:pullBinding', () => {
        const limit = input.limit ?? 50_000;
        const price = ws.bindingSource.columns.findIndex((c) => c.name === 'shadow_price');
        const threshold = input.priceThreshold;
        const kept = ws.bindingSource.rows.filter((r) => threshold === undefined || Math.abs(Number(r[price])) > threshold);
        const params: PullQuery = {
          datasetId: input.datasetId,
          ...(input.startTime !== undefined ? { startTime: input.startTime } : {}),
          ...(input.endTime !== undefined ? { endTime: input.endTime } : {}),
          limit,
        };
        return startFake(
          params,
          { columns: ws.bindingSource.columns, rows: kept.slice(0, limit) },
          { kind: 'binding', binding: { priceThreshold: threshold ?? null, limitReached: kept.length >= limit } },
        );
      });
    },
    'workspace:changes': ({ pullId }) => {
      ws.changesInputs.push(pullId);
      return answer('workspace:changes', () => {
        const { record } = pullOf(pullId);
        const updates = structuredClone(ws.updatesSince);
        return {
          pullId,
          datasetId: record.datasetId,
          since: record.refreshes.at(-1)?.startedAt ?? record.startedAt,
          checkedAt: '2024-03-05T14:30:00.000Z',
          updates,
          newRows: updates.filter((u) => !u.is_backfill).reduce((n, u) => n + u.num_rows_inserted, 0),
          backfills: updates.filter((u) => u.is_backfill).length,
          truncated: false,
        };
      });
    },
    // Adds the non-backfill rows of the records since (copies of the pull's first row) and charges them.
    'workspace:refresh': ({ pullId }) => {
      ws.refreshInputs.push(pullId);
      return answer('workspace:refresh', () => {
        const pull = pullOf(pullId);
        const added = ws.updatesSince.filter((u) => !u.is_backfill).reduce((n, u) => n + u.num_rows_inserted, 0);
        const refresh = {
          id: pull.record.refreshes.length + 1,
          pullId,
          startedAt: '2024-03-05T14:31:00.000Z',
          endedAt: '2024-03-05T14:31:01.000Z',
          state: 'complete' as const,
          rowsAdded: added,
          rowsReplaced: 0,
          rowsCharged: added,
          ranges: [{ startTimeUtc: pull.record.startedAt, endTimeUtc: null, reason: 'new' as const }],
          updates: ws.updatesSince,
          error: null,
        };
        pull.rows.push(...Array.from({ length: added }, () => [...(pull.rows[0] ?? [])]));
        Object.assign(pull.record, {
          rows: pull.rows.length,
          rowsCharged: pull.record.rowsCharged + added,
          refreshes: [...pull.record.refreshes, refresh],
        });
        ws.updatesSince = [];
        return structuredClone(refresh);
      });
    },
  };
}
