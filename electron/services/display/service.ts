import { join } from 'node:path';
import { DEFAULT_DISPLAY, DisplaySettings, fail, ok } from '../../../shared/index.js';
import type { Result } from '../../../shared/index.js';
import { createSerialQueue, readJsonFile, writeFileAtomic } from '../common/fsutil.js';
import { createLogger } from '../common/logger.js';

/** File name of the display preferences inside the config dir. */
export const DISPLAY_FILE = 'display.json';

/** `display:get` and `display:set`: the user's display preferences (docs/desktop.md#display-preferences). */
export interface DisplayService {
  get(): Promise<Result<DisplaySettings>>;
  /** Stores `next` (already parsed by the contract) and answers it. @returns `internal` when the file cannot be written. */
  set(next: DisplaySettings): Promise<Result<DisplaySettings>>;
}

const log = createLogger('display');

/**
 * Display preferences in `<configDir>/display.json`, written atomically. A missing, unreadable or invalid file means
 * {@link DEFAULT_DISPLAY} (market time), logged, never an error: a preference must not stop the app.
 */
export function createDisplayService(opts: { configDir: string }): DisplayService {
  const file = join(opts.configDir, DISPLAY_FILE);
  const serial = createSerialQueue();
  let cached: DisplaySettings | undefined;

  async function load(): Promise<DisplaySettings> {
    if (cached) return cached;
    let raw: unknown;
    try {
      raw = await readJsonFile(file);
    } catch (err) {
      log.warn(`display preferences ${file} are unreadable; using market time`, err);
    }
    const parsed = raw === undefined ? undefined : DisplaySettings.safeParse(raw);
    if (parsed && !parsed.success) log.warn(`display preferences ${file} are invalid; using market time`);
    cached = parsed?.success ? parsed.data : { ...DEFAULT_DISPLAY };
    return cached;
  }

  return {
    get: () => serial(async () => ok(await load())),
    set: (next) =>
      serial(async () => {
        try {
          await writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`, 0o600);
        } catch (err) {
          log.error(`display preferences ${file} could not be written`, err);
          return fail(
            'internal',
            `The display preference could not be saved: ${err instanceof Error ? err.message : String(err)}`,
          );
        }
        cached = { ...next };
        return ok(cached);
      }),
  };
}
