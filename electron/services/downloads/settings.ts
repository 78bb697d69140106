import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { downloadInputs, fail, ok, type Result } from '../../../shared/index.js';
import { readJsonFile, writeFileAtomic } from '../common/fsutil.js';
import { settingsPath } from './layout.js';

/** The queue's settings, `<configDir>/downloads/settings.json` (docs/downloads.md#settings). */
export interface DownloadSettings {
  /** The downloads folder, absolute. */
  folder: string;
  /** Downloads running at once, 1..8. */
  concurrency: number;
  /** Over all running downloads, KiB/s; null: no limit. */
  speedLimitKiBps: number | null;
}

export const DEFAULT_CONCURRENCY = 3;

/**
 * Bounds of concurrency and speed limit: the contract's own schema (one declaration). The folder is not in the bridge
 * verb (the renderer never names paths: convention 3) but main's `configure` takes it (chooseFolder, tests), checked here.
 */
const SettingsInput = downloadInputs['downloads:configure'];
const MAX_FOLDER_CHARS = 1000;
export type SettingsChange = { folder?: string; concurrency?: number; speedLimitKiBps?: number | null };

/** The saved settings, each field falling back to its default when absent or out of bounds (a hand-edited file). */
export async function loadSettings(configDir: string, defaultFolder: string): Promise<DownloadSettings> {
  const defaults: DownloadSettings = { folder: defaultFolder, concurrency: DEFAULT_CONCURRENCY, speedLimitKiBps: null };
  let raw: unknown;
  try {
    raw = await readJsonFile(settingsPath(configDir));
  } catch {
    return defaults;
  }
  if (!raw || typeof raw !== 'object') return defaults;
  const r = raw as Record<string, unknown>;
  const pick = <K extends 'concurrency' | 'speedLimitKiBps'>(key: K): DownloadSettings[K] => {
    const one = SettingsInput.safeParse({ [key]: r[key] });
    const value = one.success ? (one.data as Partial<DownloadSettings>)[key] : undefined;
    return value !== undefined ? (value as DownloadSettings[K]) : defaults[key];
  };
  const folder =
    typeof r.folder === 'string' && r.folder.length <= MAX_FOLDER_CHARS && path.isAbsolute(r.folder) ? r.folder : defaults.folder;
  return {
    folder,
    concurrency: pick('concurrency'),
    speedLimitKiBps: pick('speedLimitKiBps'),
  };
}

/** Writes the settings file (private, atomic). @throws the file-system error. */
export async function saveSettings(configDir: string, settings: DownloadSettings): Promise<void> {
  await writeFileAtomic(settingsPath(configDir), `${JSON.stringify(settings, null, 2)}\n`);
}

/** Checks a change against the contract's bounds; `validation` with the first problem in plain words. */
export function parseSettingsChange(change: SettingsChange): Result<SettingsChange> {
  const { folder, ...rest } = change ?? {};
  if (folder !== undefined && (typeof folder !== 'string' || folder.trim() === '' || folder.length > MAX_FOLDER_CHARS)) {
    return fail('validation', 'Type the path of a folder.');
  }
  const parsed = SettingsInput.safeParse(rest);
  if (parsed.success) return ok(folder === undefined ? parsed.data : { ...parsed.data, folder: folder.trim() });
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'settings';
  if (field === 'concurrency') return fail('validation', 'Concurrency must be a whole number from 1 to 8.');
  if (field === 'speedLimitKiBps') return fail('validation', 'The speed limit must be a whole number of KiB/s from 16, or none.');
  return fail('validation', `Invalid setting ${field}: ${issue?.message ?? 'not accepted'}.`);
}

/**
 * The settings after `change` (docs/downloads.md#settings), saved: the bounds checked, a new folder prepared
 * ({@link prepareFolder}). A folder change is refused while `openItems` downloads are not over (their files would be
 * left behind). Errors: `validation` in plain words, `internal` when the settings file cannot be written.
 */
export async function changeSettings(
  configDir: string,
  current: DownloadSettings,
  change: SettingsChange,
  openItems: number,
): Promise<Result<DownloadSettings>> {
  const parsed = parseSettingsChange(change);
  if (!parsed.ok) return parsed;
  const next = { ...current };
  if (parsed.value.folder !== undefined) {
    if (path.resolve(parsed.value.folder) !== current.folder && openItems > 0) {
      return fail(
        'validation',
        `Cancel or finish the ${openItems} download${openItems === 1 ? '' : 's'} in the queue before changing the folder.`,
      );
    }
    const prepared = await prepareFolder(parsed.value.folder);
    if (!prepared.ok) return prepared;
    next.folder = prepared.value;
  }
  if (parsed.value.concurrency !== undefined) next.concurrency = parsed.value.concurrency;
  if (parsed.value.speedLimitKiBps !== undefined) next.speedLimitKiBps = parsed.value.speedLimitKiBps;
  try {
    await saveSettings(configDir, next);
  } catch (err) {
    return fail('internal', `Could not save the download settings: ${err instanceof Error ? err.message : String(err)}`);
  }
  return ok(next);
}

/**
 * Makes `folder` usable as the downloads folder: absolute, created when missing, writable (a probe file is written and
 * removed). `validation` with a plain message otherwise; answers the normalised path.
 */
export async function prepareFolder(folder: string): Promise<Result<string>> {
  const trimmed = folder.trim();
  if (!path.isAbsolute(trimmed)) {
    return fail(
      'validation',
      `The downloads folder must be a full path (e.g. ${process.platform === 'win32' ? 'C:\\Data\\Gridscope' : '/home/me/Gridscope'}).`,
    );
  }
  const resolved = path.resolve(trimmed);
  const probe = path.join(resolved, `.gridscope-probe-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(resolved, { recursive: true });
    await writeFile(probe, 'probe', { flag: 'wx' });
    await rm(probe, { force: true });
    return ok(resolved);
  } catch (err) {
    await rm(probe, { force: true }).catch(() => undefined);
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? 'permission denied'
        : code === 'ENOTDIR' || code === 'EEXIST'
          ? 'a file of that name is in the way'
          : code === 'ENOSPC'
            ? 'the disk is full'
            : ((err as Error).message ?? String(err));
    return fail('validation', `Gridscope cannot write to ${resolved} (${why}). Choose another folder.`);
  }
}
