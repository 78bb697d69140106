import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { fail, ok } from '../../../shared/index.js';
import type { ExportOutcome, ParsedInput, Result } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import { exportPull } from './export.js';
import { getPull } from './history.js';
import type { Download, ExportPathChooser } from './serviceTypes.js';
import type { Workspace } from './workspace.js';

const log = createLogger('workspace');
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The path part of a download link: `/downloads/<id>`. */
export const DOWNLOAD_PATH = '/downloads';
const DOWNLOAD_ID = /^[A-Za-z0-9_-]{32}$/;
const DOWNLOAD_TTL_MS = 10 * 60_000;

/** Where exports go: the workspace folder (`<dir>/downloads/` for one-time downloads), the desktop's save dialog. */
export interface WorkspaceExportsOptions {
  dir: string;
  chooseExportPath?: ExportPathChooser;
  /** How long an unfetched download is kept, in ms (default 10 minutes). */
  downloadTtlMs?: number;
}

/** The export options of `workspace:export` (its filters, peak bucket, sort and columns). */
function exportOptions(input: ParsedInput<'workspace:export'>) {
  return {
    format: input.format,
    ...(input.filters ? { filters: input.filters } : {}),
    ...(input.peak ? { peak: input.peak } : {}),
    ...(input.sort ? { sort: input.sort } : {}),
    ...(input.columns ? { columns: input.columns } : {}),
  };
}

/**
 * Exports of pulls to where main says (docs/workspace.md): on the desktop a path from the save dialog (never inside
 * the workspace folder), on the web host a file under `<dir>/downloads/` behind a one-time link that lapses after
 * `downloadTtlMs`. Files of an earlier run are deleted before the first export.
 */
export class WorkspaceExports {
  private readonly downloadDir: string;
  private readonly downloads = new Map<string, Download & { timer: NodeJS.Timeout }>();
  // Files of an earlier run (a crash, or links never used) go before the first export.
  private readonly cleared: Promise<void>;
  private stopped = false;

  constructor(private readonly opts: WorkspaceExportsOptions) {
    this.downloadDir = join(opts.dir, 'downloads');
    this.cleared = rm(this.downloadDir, { recursive: true, force: true }).catch(() => undefined);
  }

  /**
   * Writes pull `input.pullId` where the host says: answers the file's path (desktop), a download link (web host), or
   * nothing written when the dialog was cancelled. `validation` for a path inside the workspace folder, `cancelled`
   * when Gridscope closes meanwhile, `internal` when the dialog or the folder fails, the export's own errors otherwise.
   */
  async exportPull(ws: Workspace, input: ParsedInput<'workspace:export'>, signal?: AbortSignal): Promise<Result<ExportOutcome>> {
    const record = await getPull(ws, input.pullId);
    if (!record.ok) return record;
    const filename = `${record.value.datasetId}-${record.value.id}.${input.format}`;
    if (!this.opts.chooseExportPath) return this.toDownload(ws, input, filename, signal);
    let path: string | null;
    try {
      path = await this.opts.chooseExportPath(filename, input.format);
    } catch (error) {
      return fail('internal', `The save dialog failed: ${messageOf(error)}`);
    }
    if (path === null) return ok({ format: input.format, rows: 0, bytes: 0, path: null });
    if (resolve(path).startsWith(resolve(this.opts.dir) + sep))
      return fail('validation', `Save the export outside Gridscope's workspace folder (${this.opts.dir}).`);
    const written = await exportPull(ws, input.pullId, { ...exportOptions(input), path, ...(signal ? { signal } : {}) });
    if (!written.ok) return written;
    return ok({ format: input.format, rows: written.value.rows, bytes: written.value.bytes, path: written.value.path });
  }

  /** The download `id` without using it up (HEAD). */
  peek(id: string): Download | undefined {
    if (!DOWNLOAD_ID.test(id)) return undefined;
    const download = this.downloads.get(id);
    return download && { path: download.path, filename: download.filename, format: download.format, bytes: download.bytes };
  }

  /** Takes download `id` (a second take finds nothing); `release()` deletes its file once sent. */
  take(id: string): (Download & { release(): Promise<void> }) | undefined {
    const download = DOWNLOAD_ID.test(id) ? this.forget(id) : undefined;
    if (!download) return undefined;
    return {
      ...download,
      release: () => rm(download.path, { force: true }).catch((error: unknown) => log.warn('a download was not deleted', error)),
    };
  }

  /** No download is offered from now on: waiting ones are forgotten and a finishing export is deleted. */
  stop(): void {
    this.stopped = true;
    for (const id of [...this.downloads.keys()]) this.forget(id);
  }

  /** Deletes the downloads folder (after {@link stop}, once nothing writes to it). */
  async clear(): Promise<void> {
    await this.cleared;
    await rm(this.downloadDir, { recursive: true, force: true }).catch(() => undefined);
  }

  private async toDownload(
    ws: Workspace,
    input: ParsedInput<'workspace:export'>,
    filename: string,
    signal?: AbortSignal,
  ): Promise<Result<ExportOutcome>> {
    await this.cleared;
    try {
      await mkdir(this.downloadDir, { recursive: true });
    } catch (error) {
      return fail('internal', `Could not create the downloads folder ${this.downloadDir}: ${messageOf(error)}`);
    }
    const id = randomBytes(24).toString('base64url');
    const path = join(this.downloadDir, `${id}.${input.format}`);
    const written = await exportPull(ws, input.pullId, { ...exportOptions(input), path, ...(signal ? { signal } : {}) });
    if (!written.ok) return written;
    if (this.stopped) {
      await rm(path, { force: true });
      return fail('cancelled', 'Gridscope is closing.');
    }
    const timer = setTimeout(() => {
      if (this.forget(id)) void rm(path, { force: true }).catch(() => undefined);
    }, this.opts.downloadTtlMs ?? DOWNLOAD_TTL_MS);
    timer.unref();
    this.downloads.set(id, { path, filename, format: input.format, bytes: written.value.bytes, timer });
    const { rows, bytes } = written.value;
    return ok({ format: input.format, rows, bytes, path: null, downloadUrl: `${DOWNLOAD_PATH}/${id}` });
  }

  private forget(id: string): Download | undefined {
    const download = this.downloads.get(id);
    if (!download) return undefined;
    clearTimeout(download.timer);
    this.downloads.delete(id);
    const { timer: _timer, ...rest } = download;
    return rest;
  }
}
