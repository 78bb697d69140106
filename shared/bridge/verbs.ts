// No zod here: the sandboxed preload imports only this file (and types), so its bundle carries no schema library.

/** Every verb the renderer may call, `domain:action`, in contract order. */
export const VERBS = [
  'app:info',
  'datasets:list',
  'datasets:get',
  'datasets:audit',
  'datasets:estimate',
  'usage:get',
  'usage:activity',
  'requests:status',
  'requests:cancel',
  'profiles:get',
  'profiles:setActive',
  'profiles:setRemoteUrl',
  'keys:set',
  'keys:clear',
  'keys:test',
  'profiles:setCache',
  'cache:clear',
  'datasets:query',
  'datasets:columnValues',
  'datasets:updates',
  'workspace:pull',
  'workspace:pulls',
  'workspace:cancel',
  'workspace:deletePull',
  'workspace:rows',
  'workspace:series',
  'workspace:values',
  'workspace:export',
  'workspace:saveQuery',
  'workspace:savedQueries',
  'workspace:renameSaved',
  'workspace:deleteSaved',
  'workspace:pullBinding',
  'workspace:changes',
  'workspace:refresh',
  'constraints:list',
  'constraints:contingencies',
  'constraints:location',
  'constraints:shiftFactors',
  'constraints:bindingLocations',
  'locations:list',
  'locations:index',
  'locations:shiftFactors',
  'locations:constraintCosts',
  'outages:active',
  'outages:list',
  'outages:ticket',
  'outages:ahead',
  'overlap:forConstraint',
  'overlap:forOutage',
  'map:features',
  'map:constraintDetail',
  'map:ticket',
  'binding:constraints',
  'binding:contingencies',
  'binding:series',
  'binding:locationCosts',
  'binding:profile',
  'paths:congestion',
  'exports:list',
  'downloads:start',
  'downloads:list',
  'downloads:pause',
  'downloads:resume',
  'downloads:cancel',
  'downloads:retry',
  'downloads:clearFinished',
  'downloads:configure',
  'downloads:chooseFolder',
  'downloads:reveal',
  'library:list',
  'library:delete',
  'library:verify',
  'library:rescan',
  'workspace:openLocal',
  'display:get',
  'display:set',
  'watchlist:list',
  'watchlist:add',
  'watchlist:rename',
  'watchlist:delete',
  'watchlist:check',
  'watchlist:open',
] as const;

/** A verb name, e.g. `datasets:list`. */
export type Verb = (typeof VERBS)[number];

const VERB_SET: ReadonlySet<string> = new Set(VERBS);

/** Type guard: `s` is a contract verb (`toString` and other object keys are not). */
export function isVerb(s: string): s is Verb {
  return VERB_SET.has(s);
}

/** One entry per verb from a per-verb factory, typed as `T`: the one unchecked cast over the runtime list lives here. */
export function fromVerbs<T extends { [V in Verb]: unknown }>(make: <V extends Verb>(verb: V) => T[V]): { [V in Verb]: T[V] } {
  return Object.fromEntries(VERBS.map((verb) => [verb, make(verb)])) as { [V in Verb]: T[V] };
}

/** Commands the desktop menu sends to the page (`window.gridscope.onCommand`). */
export const APP_COMMANDS = ['focus-search', 'open-settings'] as const;
/** One of {@link APP_COMMANDS}. */
export type AppCommand = (typeof APP_COMMANDS)[number];

/** IPC channel main → preload for {@link AppCommand}s (not a verb: the page cannot invoke it). */
export const APP_COMMAND_CHANNEL = 'gridscope:command';

/** Web host transport: `POST {BRIDGE_PATH}/<verb>` with the JSON input as body. */
export const BRIDGE_PATH = '/bridge';
/** Header the web host requires on bridge calls, so a cross-site form or image cannot reach them. */
export const BRIDGE_HEADER = 'x-gridscope-bridge';
