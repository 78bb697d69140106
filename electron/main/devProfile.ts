import { isAbsolute } from 'node:path';

/**
 * The profile folder an unpackaged run is started on with `--user-data-dir=<absolute path>` (development, and the
 * desktop smoke test's throwaway profile), or undefined: packaged builds, no switch, or a relative path (refused, so a
 * typo never scatters a profile into the working directory).
 */
export function devProfileDir(switchValue: string, packaged: boolean): string | undefined {
  return !packaged && switchValue !== '' && isAbsolute(switchValue) ? switchValue : undefined;
}
