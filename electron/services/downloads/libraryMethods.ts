import { stat } from 'node:fs/promises';
import { ExportDate, fail, ok } from '../../../shared/index.js';
import type { DownloadItem, Result } from '../../../shared/index.js';
import { DATASET_ID_PATTERN, datasetDir, filePath } from './layout.js';
import type { Library } from './library.js';
import { OPEN_STATES } from './queueState.js';
import type { DownloadManager } from './types.js';

/** The library verbs of the manager: what they read of its state. */
export interface LibraryContext {
  library(): Library;
  folder(): string;
  items(): readonly DownloadItem[];
  /** Runs `body` once the manager is loaded, turning a throw into `internal` ("<what> failed: …"). */
  guarded<T>(what: string, body: () => Promise<Result<T>>): Promise<Result<T>>;
  revealPath?: (path: string) => void;
}

/** `validation` when the dataset id or a date is malformed (they become paths); undefined when fine. */
export function checkDay(datasetId: string, dates: readonly string[] | undefined): Result<never> | undefined {
  if (typeof datasetId !== 'string' || !DATASET_ID_PATTERN.test(datasetId)) return fail('validation', 'Not a dataset id.');
  const bad = dates?.find((d) => !ExportDate.safeParse(d).success);
  if (bad !== undefined) return fail('validation', `Not a date: ${String(bad)} (a date as YYYY-MM-DD, e.g. 2024-03-01).`);
  return undefined;
}

const exists = (p: string): Promise<boolean> =>
  stat(p).then(
    () => true,
    () => false,
  );

/**
 * The manager's library methods (docs/downloads.md#library): list, delete, re-verify, rescan, the files a local review
 * reads, and "Show in folder" (the file, else its dataset's folder, else the downloads folder, whichever exists).
 * Errors: `validation` for a malformed id or date, `not_found` naming days that are not downloaded.
 */
export function createLibraryMethods(
  ctx: LibraryContext,
): Pick<DownloadManager, 'reveal' | 'library' | 'deleteFiles' | 'verify' | 'rescan' | 'localFiles'> {
  const { guarded } = ctx;
  return {
    reveal: (datasetId, date) =>
      guarded('Showing the file', async () => {
        if (datasetId !== undefined && !DATASET_ID_PATTERN.test(datasetId)) return fail('validation', 'Not a dataset id.');
        if (date !== undefined && !ExportDate.safeParse(date).success)
          return fail('validation', 'A date as YYYY-MM-DD, e.g. 2024-03-01.');
        const folder = ctx.folder();
        const candidates = [
          datasetId && date ? filePath(folder, datasetId, date) : undefined,
          datasetId ? datasetDir(folder, datasetId) : undefined,
        ].filter((p): p is string => p !== undefined);
        let target = folder;
        for (const p of candidates) {
          if (await exists(p)) {
            target = p;
            break;
          }
        }
        if (!ctx.revealPath) return ok({ revealed: false, path: target });
        ctx.revealPath(target);
        return ok({ revealed: true, path: target });
      }),

    library: () => guarded('Reading the library', async () => ok(await ctx.library().state())),

    deleteFiles: (datasetId, dates) =>
      guarded('Deleting files', async () => {
        const bad = checkDay(datasetId, dates);
        if (bad) return bad;
        const library = ctx.library();
        // Days being downloaded again keep their files until that download ends.
        const busy = new Set(
          ctx
            .items()
            .filter((i) => i.datasetId === datasetId && OPEN_STATES.has(i.state))
            .map((i) => i.date),
        );
        const known = (await library.state()).datasets.find((d) => d.datasetId === datasetId)?.files.map((f) => f.date) ?? [];
        const chosen = (dates ?? known).filter((d) => !busy.has(d));
        if (chosen.length > 0) await library.remove(datasetId, chosen);
        return ok(await library.state());
      }),

    verify: (datasetId, dates) =>
      guarded('Verifying files', async () => {
        const bad = checkDay(datasetId, dates);
        if (bad) return bad;
        const library = ctx.library();
        await library.verify(datasetId, dates);
        return ok(await library.state());
      }),

    rescan: () => guarded('Rescanning the folder', async () => ok(await ctx.library().rescan())),

    localFiles: (datasetId, dates) =>
      guarded('Reading the downloaded files', async () => {
        const bad = checkDay(datasetId, dates);
        if (bad) return bad;
        if (dates.length === 0) return fail('validation', 'Choose at least one day.');
        const found = await ctx.library().localFiles(datasetId, dates);
        if (found.absent.length > 0) {
          return fail('not_found', `Not downloaded: ${found.absent.join(', ')}. Download them from the Exports page.`);
        }
        if (!found.dataset) {
          return fail(
            'not_found',
            `The description of ${datasetId} (dataset.json) is missing from ${ctx.folder()}. Download a day of it again from the Exports page.`,
          );
        }
        return ok({ dataset: found.dataset, folder: ctx.folder(), files: found.files });
      }),
  };
}
