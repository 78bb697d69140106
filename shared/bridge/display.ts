import { z } from 'zod';

/**
 * The user's display preferences (docs/desktop.md#display-preferences), kept by main in the config folder so they survive
 * restarts and the web host's new origin on each launch: `times` says whether windows, presets and labels are shown and
 * typed in each market's own time (`market`, the default; docs/market-time.md) or in `utc`.
 */

/** How times are shown and typed: market time (default) or UTC. */
export const TIME_DISPLAYS = ['market', 'utc'] as const;
export type TimeDisplay = (typeof TIME_DISPLAYS)[number];

/** The display preferences as stored and answered. */
export const DisplaySettings = z.object({ times: z.enum(TIME_DISPLAYS) }).strict();
export type DisplaySettings = z.output<typeof DisplaySettings>;

/** Preferences of a fresh install: market time. */
export const DEFAULT_DISPLAY: DisplaySettings = { times: 'market' };

/** Input schemas of the display verbs (merged into the contract's table). */
export const displayInputs = {
  'display:get': z.object({}).strict(),
  'display:set': DisplaySettings,
} as const;

/** Result types of the display verbs. */
export interface DisplayResults {
  'display:get': DisplaySettings;
  'display:set': DisplaySettings;
}
