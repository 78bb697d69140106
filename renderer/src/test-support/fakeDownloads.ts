import type {
  ContractResults,
  DownloadBatch,
  DownloadItem,
  DownloadResults,
  DownloadTotals,
  DownloadsState,
  ExportFile,
  GridscopeApi,
  LibraryDataset,
  LibraryFile,
  LibraryState,
  VerbInput,
} from '../../../shared/bridge/contract.js';
import type { GsError, Result } from '../../../shared/errors.js';

/** The export, download and library verbs. */
export type DownloadVerb = keyof DownloadResults;

/** Where the fake keeps downloaded files. */
export const FAKE_FOLDER = '/home/analyst/Gridscope downloads';

/**
 * Mutable state behind the fake export, download and library verbs. `exports` lists each dataset's files (a dataset left
 * out answers `not_found`); `queue` and `library` are what `downloads:*` and `library:*` answer and change; `inputs`
 * records each call in order; `revealed` and `chosenFolder` are what `downloads:reveal` and the folder dialog answer
 * (`chosenFolder: null` = the dialog was cancelled).
 */
export interface FakeDownloads {
  exports: Record<string, ExportFile[]>;
  queue: Omit<DownloadsState, 'totals'>;
  library: LibraryState;
  inputs: { verb: DownloadVerb; input: unknown }[];
  revealed: boolean;
  chosenFolder: string | null;
  nextBatch: number;
}

/** A fresh fake: no export files, an empty queue (desktop: the folder dialog works) and an empty library. */
export function createFakeDownloads(over: Partial<FakeDownloads> = {}): FakeDownloads {
  return {
    exports: {},
    queue: { folder: FAKE_FOLDER, concurrency: 3, speedLimitKiBps: null, canChooseFolder: true, items: [], batches: [] },
    library: { folder: FAKE_FOLDER, datasets: [], totalBytes: 0, rebuilt: false },
    inputs: [],
    revealed: true,
    chosenFolder: '/media/usb/exports',
    nextBatch: 1,
    ...over,
  };
}

/** Export files of the given days, each `sizeBytes` (or sized by a function of the date), modified at noon UTC. */
export function exportFiles(dates: string[], size: number | ((date: string) => number) = 38_000): ExportFile[] {
  return dates.map((date) => ({
    date,
    sizeBytes: typeof size === 'number' ? size : size(date),
    lastModified: `${date}T12:00:00.000Z`,
  }));
}

/** A queue item (default `queued`, nothing written, 38,000 bytes expected). */
export function downloadItem(datasetId: string, date: string, over: Partial<DownloadItem> = {}): DownloadItem {
  return {
    id: `${datasetId}/${date}`,
    datasetId,
    datasetName: datasetId,
    date,
    state: 'queued',
    bytesWritten: 0,
    expectedBytes: 38_000,
    bytesPerSecond: 0,
    etaSeconds: null,
    attempts: 0,
    waiting: null,
    error: null,
    problem: null,
    path: `${FAKE_FOLDER}/${datasetId}/${date}.csv.gz`,
    batchId: 'b1',
    queuedAt: '2026-03-31T09:00:00.000Z',
    completedAt: null,
    ...over,
  };
}

/** A library dataset of verified files (each `bytes`), with `metadata` for offline review. */
export function libraryDataset(
  datasetId: string,
  datasetName: string,
  dates: string[],
  over: Partial<LibraryDataset> = {},
  bytes = 36_000,
): LibraryDataset {
  const files: LibraryFile[] = dates.map((date) => ({
    date,
    bytes,
    path: `${FAKE_FOLDER}/${datasetId}/${date}.csv.gz`,
    state: 'verified',
    verifiedAt: '2026-03-31T09:30:00.000Z',
    problem: null,
  }));
  return withFiles({ datasetId, datasetName, metadata: null, files, bytes: 0, firstDate: null, lastDate: null, ...over }, files);
}

function withFiles(d: LibraryDataset, files: LibraryFile[]): LibraryDataset {
  const sorted = [...files].sort((a, b) => a.date.localeCompare(b.date));
  return {
    ...d,
    files: sorted,
    bytes: sorted.reduce((s, f) => s + f.bytes, 0),
    firstDate: sorted[0]?.date ?? null,
    lastDate: sorted.at(-1)?.date ?? null,
  };
}

/** The queue's totals as main computes them: over the items that are not cancelled. */
export function totalsOf(items: DownloadItem[]): DownloadTotals {
  const kept = items.filter((i) => i.state !== 'cancelled');
  const count = (...states: DownloadItem['state'][]) => kept.filter((i) => states.includes(i.state)).length;
  const expectedBytes = kept.reduce((s, i) => s + (i.expectedBytes ?? 0), 0);
  const bytesWritten = kept.reduce((s, i) => s + i.bytesWritten, 0);
  const bytesPerSecond = kept.reduce((s, i) => s + (i.state === 'running' ? i.bytesPerSecond : 0), 0);
  return {
    files: kept.length,
    completed: count('completed'),
    failed: count('failed'),
    active: count('queued', 'running', 'verifying'),
    paused: count('paused'),
    bytesWritten,
    expectedBytes,
    bytesPerSecond,
    etaSeconds: bytesPerSecond > 0 ? Math.round((expectedBytes - bytesWritten) / bytesPerSecond) : null,
    fraction: expectedBytes > 0 ? bytesWritten / expectedBytes : null,
  };
}

/** The queue as `downloads:list` answers it. */
export function queueState(fd: FakeDownloads): DownloadsState {
  return structuredClone({ ...fd.queue, totals: totalsOf(fd.queue.items) });
}

function libraryState(fd: FakeDownloads): LibraryState {
  const datasets = fd.library.datasets.filter((d) => d.files.length > 0);
  return structuredClone({ ...fd.library, datasets, totalBytes: datasets.reduce((s, d) => s + d.bytes, 0) });
}

/** Items named by `ids` (every item when none). */
const named = (fd: FakeDownloads, ids: string[] | undefined) => fd.queue.items.filter((i) => !ids || ids.includes(i.id));

/** The export, download and library verbs over `fd`; `record` notes each call, `failure` makes one fail. */
export function fakeDownloadVerbs(
  fd: FakeDownloads,
  hooks: { record: (verb: DownloadVerb) => void; failure: (verb: DownloadVerb) => GsError | undefined },
): Pick<GridscopeApi, DownloadVerb> {
  const answer = <V extends DownloadVerb>(verb: V, input: unknown, value: () => ContractResults[V]) => {
    hooks.record(verb);
    fd.inputs.push({ verb, input });
    const error = hooks.failure(verb);
    return Promise.resolve<Result<ContractResults[V]>>(error ? { ok: false, error } : { ok: true, value: value() });
  };
  const setState = (ids: string[] | undefined, from: DownloadItem['state'][], patch: Partial<DownloadItem>) => {
    for (const item of named(fd, ids)) if (from.includes(item.state)) Object.assign(item, patch);
    return queueState(fd);
  };
  const library = (datasetId: string, dates: string[] | undefined, change: (f: LibraryFile[]) => LibraryFile[]) => {
    fd.library.datasets = fd.library.datasets.map((d) =>
      d.datasetId !== datasetId
        ? d
        : withFiles(
            d,
            dates
              ? [...d.files.filter((f) => !dates.includes(f.date)), ...change(d.files.filter((f) => dates.includes(f.date)))]
              : change(d.files),
          ),
    );
    return libraryState(fd);
  };

  return {
    'exports:list': (input: VerbInput<'exports:list'>) => {
      const files = fd.exports[input.datasetId];
      if (!files) {
        hooks.record('exports:list');
        fd.inputs.push({ verb: 'exports:list', input });
        return Promise.resolve({ ok: false, error: { code: 'not_found', message: `Dataset ${input.datasetId} not found` } });
      }
      return answer('exports:list', input, () => ({ datasetId: input.datasetId, files: structuredClone(files) }));
    },
    'downloads:start': (input) =>
      answer('downloads:start', input, () => {
        const have = new Set(
          fd.library.datasets
            .find((d) => d.datasetId === input.datasetId)
            ?.files.filter((f) => f.state === 'verified')
            .map((f) => f.date),
        );
        const batchId = `b${fd.nextBatch++}`;
        const dates = input.dates.filter((d) => !have.has(d));
        const sizes = new Map((fd.exports[input.datasetId] ?? []).map((f) => [f.date, f.sizeBytes]));
        // An id names one item: a day queued again replaces its earlier item, as main does.
        const ids = new Set(dates.map((d) => `${input.datasetId}/${d}`));
        fd.queue.items = fd.queue.items.filter((i) => !ids.has(i.id));
        for (const date of dates)
          fd.queue.items.push(downloadItem(input.datasetId, date, { batchId, expectedBytes: sizes.get(date) ?? null }));
        const batch: DownloadBatch = {
          id: batchId,
          datasetId: input.datasetId,
          datasetName: input.datasetId,
          files: dates.length,
          completed: 0,
          failed: 0,
          cancelled: 0,
          state: 'running',
          startedAt: '2026-03-31T09:00:00.000Z',
          endedAt: null,
        };
        fd.queue.batches.unshift(batch);
        return queueState(fd);
      }),
    'downloads:list': (input) => answer('downloads:list', input, () => queueState(fd)),
    'downloads:pause': (input) =>
      answer('downloads:pause', input, () => setState(input.ids, ['queued', 'running'], { state: 'paused', bytesPerSecond: 0 })),
    'downloads:resume': (input) => answer('downloads:resume', input, () => setState(input.ids, ['paused'], { state: 'queued' })),
    'downloads:cancel': (input) =>
      answer('downloads:cancel', input, () =>
        setState(input.ids, ['queued', 'running', 'paused', 'verifying', 'failed'], { state: 'cancelled', bytesWritten: 0 }),
      ),
    'downloads:retry': (input) =>
      answer('downloads:retry', input, () =>
        setState(input.ids, ['failed', 'cancelled'], { state: 'queued', error: null, problem: null }),
      ),
    'downloads:clearFinished': (input) =>
      answer('downloads:clearFinished', input, () => {
        fd.queue.items = fd.queue.items.filter((i) => i.state !== 'completed' && i.state !== 'cancelled');
        return queueState(fd);
      }),
    'downloads:configure': (input) =>
      answer('downloads:configure', input, () => {
        if (input.concurrency !== undefined) fd.queue.concurrency = input.concurrency;
        if (input.speedLimitKiBps !== undefined) fd.queue.speedLimitKiBps = input.speedLimitKiBps;
        return queueState(fd);
      }),
    'downloads:chooseFolder': (input) =>
      answer('downloads:chooseFolder', input, () => {
        if (fd.chosenFolder !== null) fd.queue.folder = fd.library.folder = fd.chosenFolder;
        return { ...queueState(fd), changed: fd.chosenFolder !== null };
      }),
    'downloads:reveal': (input) =>
      answer('downloads:reveal', input, () => ({
        revealed: fd.revealed,
        path: input.datasetId && input.date ? `${fd.queue.folder}/${input.datasetId}/${input.date}.csv.gz` : fd.queue.folder,
      })),
    'library:list': (input) => answer('library:list', input, () => libraryState(fd)),
    'library:delete': (input) => answer('library:delete', input, () => library(input.datasetId, input.dates, () => [])),
    'library:verify': (input) =>
      answer('library:verify', input, () =>
        library(input.datasetId, input.dates, (files) => files.map((f) => ({ ...f, verifiedAt: '2026-04-01T08:00:00.000Z' }))),
      ),
    'library:rescan': (input) => answer('library:rescan', input, () => ({ ...libraryState(fd), rebuilt: true })),
  };
}
