import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer } from '../../../../server/test-support/testing.js';
import type { DownloadItem, LibraryFile } from '../../../../shared/index.js';
import type { DownloadManager } from '../types.js';
import { startFaultServer } from './faultServer.js';
import type { FaultServer } from './faultServer.js';

/**
 * The download tests' stage (not a test file): the real /v1 server (server/) behind a {@link FaultServer}, temporary
 * folders, and polling helpers over a {@link DownloadManager} (no fixed sleeps: a condition or a time-out).
 */

/** The /v1 server (`api`, straight) and the fault server in front of it (`fault.origin`: where the manager goes). */
export interface ExportStack {
  api: string;
  fault: FaultServer;
  close(): Promise<void>;
}

/** Starts server/ on a free port of 127.0.0.1 and a fault server in front of it. */
export async function startExportStack(): Promise<ExportStack> {
  const server = await startTestServer();
  const api = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  const fault = await startFaultServer(api);
  return {
    api,
    fault,
    close: async () => {
      await fault.close();
      await server.close();
    },
  };
}

/** A new temporary folder; `cleanup` deletes every folder made so far. */
export function tempFolders(): { make(prefix: string): Promise<string>; cleanup(): Promise<void> } {
  const made: string[] = [];
  return {
    async make(prefix) {
      const dir = await mkdtemp(path.join(tmpdir(), `gs-dl-${prefix}-`));
      made.push(dir);
      return dir;
    },
    async cleanup() {
      await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

/** Where the manager puts a finished day: `<folder>/<dataset_id>/year=YYYY/month=MM/YYYY-MM-DD.csv.gz`. */
export function finalPath(folder: string, datasetId: string, date: string): string {
  return path.join(folder, datasetId, `year=${date.slice(0, 4)}`, `month=${date.slice(5, 7)}`, `${date}.csv.gz`);
}

/** Size of a file in bytes, or null when it does not exist. */
export async function sizeOf(file: string): Promise<number | null> {
  return stat(file).then(
    (s) => s.size,
    () => null,
  );
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every 25 ms until it answers a value other than undefined. @throws after `timeoutMs` with `describe()`. */
export async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number, describe: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms: ${describe()}`);
    await sleep(25);
  }
}

/** The queue item `<datasetId>/<date>`, or undefined. @throws when `state()` fails. */
export async function itemOf(manager: DownloadManager, id: string): Promise<DownloadItem | undefined> {
  const state = await manager.state();
  if (!state.ok) throw new Error(`state(): ${state.error.message}`);
  return state.value.items.find((item) => item.id === id);
}

const END_STATES = new Set(['completed', 'failed', 'cancelled']);

/**
 * Polls the item until it reaches an end state (`completed`, `failed`, `cancelled`); answers it and every snapshot
 * seen on the way (to check a state was never reached, or a waiting line was shown). @throws after `timeoutMs`.
 */
export async function settle(
  manager: DownloadManager,
  id: string,
  timeoutMs: number,
): Promise<{ item: DownloadItem; seen: DownloadItem[] }> {
  const seen: DownloadItem[] = [];
  const item = await until(
    async () => {
      const item = await itemOf(manager, id);
      if (item) seen.push(item);
      return item && END_STATES.has(item.state) ? item : undefined;
    },
    timeoutMs,
    () => `item ${id} did not end; last seen ${JSON.stringify(seen.at(-1) ?? null)}`,
  );
  return { item, seen };
}

/** The library's file of a day (any state), or undefined when the library does not list it. @throws when `library()` fails. */
export async function libraryFileOf(manager: DownloadManager, datasetId: string, date: string): Promise<LibraryFile | undefined> {
  const library = await manager.library();
  if (!library.ok) throw new Error(`library(): ${library.error.message}`);
  return library.value.datasets.find((d) => d.datasetId === datasetId)?.files.find((f) => f.date === date);
}
