import { stat } from 'node:fs/promises';
import { CANCELLED_MESSAGE, fail, ok } from '../../../shared/index.js';
import type { Constraint, GsError, LocationIndexStatus, ParsedInput, PricingLocation, Result } from '../../../shared/index.js';
import type { CallContext } from '../common/call.js';
import { createSerialQueue } from '../common/fsutil.js';
import { createLogger } from '../common/logger.js';
import type { ProxyActivity } from '../v1/activity.js';
import { TargetUnavailableError } from '../v1/proxy.js';
import type { V1Proxy } from '../v1/proxy.js';
import { NO_REMOTE_KEY_MESSAGE } from '../v1/proxyErrors.js';
import { runTracked } from '../v1/requests.js';
import type { RequestRegistry } from '../v1/requests.js';
import { systemClock } from '../v1/retry.js';
import type { Clock } from '../v1/retry.js';
import { buildIndex } from './build.js';
import { pricingLocation } from './reference.js';
import { emptyIndex, indexFile, readIndex, writeIndex } from './store.js';
import type { IndexData, IndexTarget } from './store.js';

/** The pricing locations with data (docs/desktop.md#grid-verbs): `locations:list` and `locations:index`. */
export interface LocationService {
  /** The active profile's locations, filtered; waits for the first build of its index. */
  list(input: ParsedInput<'locations:list'>, ctx?: CallContext): Promise<Result<PricingLocation[]>>;
  /** How far the active profile's index is; no request. */
  status(): Promise<Result<LocationIndexStatus>>;
  /** A constraint list the app was answered (`complete`: unfiltered and whole); a change marks a loaded index for a refresh. */
  noticeConstraints(constraints: readonly Constraint[], complete: boolean): void;
  /** Stops every build and writes what was read. */
  dispose(): Promise<void>;
}

export interface LocationServiceOptions {
  /** The unwatched proxy (the index's requests are not the activity it waits for). */
  proxy: V1Proxy;
  activity?: ProxyActivity;
  requests: RequestRegistry;
  /** Whose /v1 the active profile (or `profile`) calls; null: none (Remote without a key). May throw like the proxy's target. */
  identify: (profile?: IndexTarget['profile']) => Promise<IndexTarget | null>;
  /** Folder of the index files (`<configDir>/locations`). */
  dir: string;
  clock?: Clock;
}

/** `locations:list` returns at most this many locations unless asked for more. */
export const DEFAULT_LOCATION_LIMIT = 500;
/**
 * A kept index written (built or checked) less than this long ago (ms) counts as checked for the run: the check's
 * request is a screen's budget too (docs/desktop.md#the-request-budget), and a changed constraint list the app is
 * answered still marks it for a refresh.
 */
export const CHECK_EVERY_MS = 24 * 3_600_000;
/**
 * A check of a kept index waits this long (ms) before its own constraint list: the screens that open with the app list
 * the constraints themselves within it, and a whole list equal to the index is the check, at no request of its own.
 */
export const CHECK_SETTLE_MS = 2_000;
/** A failed build or check is not started again sooner than this (ms): a screen asking again meanwhile gets the failure. */
const RETRY_AFTER_MS = 10_000;
/** What was read is written at most this often while a build runs (ms), and at its end. */
const WRITE_EVERY_MS = 2_000;

interface Entry {
  target: IndexTarget;
  loaded: Promise<void>;
  data: IndexData;
  /** Checked against the live constraint list in this run. */
  checked: boolean;
  /** A kept index not checked yet in this run: its check settles first ({@link CHECK_SETTLE_MS}). */
  firstCheck: boolean;
  /** Complete once (from the file or a build): the list answers at once from then on, during a refresh too. */
  served: boolean;
  run?: Promise<void>;
  /** A changed constraint list was noticed during the run: check again after it. */
  again: boolean;
  abort: AbortController;
  done: number;
  total: number;
  /** The last build's failure and when it ended (epoch ms); null after a build that succeeded. */
  failure: { error: GsError; at: number } | null;
  /** Constraint lists already acted on, so a cached answer that keeps differing triggers one check only. */
  noticed: Set<string>;
}

const log = createLogger('locations');

// When the kept index of `target` was last written (epoch ms), null without a file.
const keptAt = (dir: string, target: IndexTarget): Promise<number | null> =>
  stat(indexFile(dir, target)).then(
    (s) => s.mtimeMs,
    () => null,
  );
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const complete = (d: IndexData): boolean => d.listed !== null && d.listed.every((id) => d.read.has(id));

/**
 * The pricing locations with data: those the shift factors of the active profile's constraints name
 * (docs/api.md#shift-factors-by-constraint), one request per constraint, built once per profile and /v1 server in the
 * background under the plan's rate limits, kept in `<dir>` across restarts, and checked against the live constraint
 * list once per run and whenever a constraint list the app is answered differs. Errors: no usable server → the
 * proxy's code (`auth`, `network`); a failed first build → its error; the caller leaving → `cancelled`.
 */
export function createLocationService(opts: LocationServiceOptions): LocationService {
  const clock = opts.clock ?? systemClock;
  const entries = new Map<string, Entry>();
  const writes = createSerialQueue();
  let disposed = false;
  // The constraint lists noticed and not yet compared: a location list asked after a constraint list was answered
  // waits for its comparison, so a change it shows is acted on by that very list.
  let notices: Promise<void> = Promise.resolve();

  const keyOf = (t: IndexTarget): string => `${t.profile} ${t.id}`;
  const entryOf = (target: IndexTarget): Entry => {
    const found = entries.get(keyOf(target));
    if (found) return found;
    const entry: Entry = {
      target,
      data: emptyIndex(),
      loaded: Promise.resolve(),
      checked: false,
      firstCheck: false,
      served: false,
      again: false,
      abort: new AbortController(),
      done: 0,
      total: 0,
      failure: null,
      noticed: new Set(),
    };
    entry.loaded = Promise.all([readIndex(opts.dir, target), keptAt(opts.dir, target)]).then(
      ([data, at]) => {
        entry.data = data;
        entry.served = complete(data);
        entry.checked = entry.served && at !== null && clock.now() - at < CHECK_EVERY_MS;
        entry.firstCheck = entry.served && !entry.checked;
        entry.total = data.listed?.length ?? 0;
        entry.done = data.listed?.filter((id) => data.read.has(id)).length ?? 0;
      },
      (err: unknown) => log.warn(`could not read the location index of ${target.profile}`, err),
    );
    entries.set(keyOf(target), entry);
    return entry;
  };

  const save = (entry: Entry): Promise<void> =>
    writes(() => writeIndex(opts.dir, entry.target, entry.data)).catch((err: unknown) =>
      log.warn(`could not write the location index of ${entry.target.profile}`, err),
    );

  function start(entry: Entry): void {
    if (entry.run || disposed) return;
    entry.run = (async () => {
      let lastWrite = clock.now();
      do {
        entry.again = false;
        const done = log.time(`index of ${entry.target.profile}`);
        const r = await buildIndex(entry.data, {
          proxy: opts.proxy,
          profile: entry.target.profile,
          clock,
          ...(opts.activity ? { activity: opts.activity } : {}),
          signal: entry.abort.signal,
          stillTarget: async () => (await opts.identify(entry.target.profile).catch(() => null))?.id === entry.target.id,
          checkedMeanwhile: () => entry.checked,
          // Only the run's first check waits: a first build is what the screen asking for locations waits on, and a
          // refresh follows a changed list the app was already answered.
          settleMs: entry.firstCheck ? CHECK_SETTLE_MS : 0,
          onProgress: (d, total) => {
            entry.done = d;
            entry.total = total;
          },
          onRead: () => {
            if (clock.now() - lastWrite < WRITE_EVERY_MS) return;
            lastWrite = clock.now();
            void save(entry);
          },
        });
        entry.firstCheck = false;
        done(r.ok ? `${entry.data.locations.size} locations` : r.error.code);
        await save(entry);
        entry.failure = r.ok ? null : { error: r.error, at: clock.now() };
        if (!r.ok) break;
        entry.checked = true;
        entry.served = true;
      } while (entry.again && !disposed);
    })().finally(() => {
      entry.run = undefined;
    });
  }

  // The first use in a run checks the list; a failure is retried once RETRY_AFTER_MS passed.
  const ensure = (entry: Entry): void => {
    const waited = !entry.failure || clock.now() - entry.failure.at >= RETRY_AFTER_MS;
    if (!entry.checked && waited) start(entry);
  };

  const activeTarget = async (): Promise<Result<IndexTarget>> => {
    try {
      const target = await opts.identify();
      return target ? ok(target) : fail('auth', NO_REMOTE_KEY_MESSAGE);
    } catch (err) {
      if (err instanceof TargetUnavailableError) return fail(err.code, err.message);
      return fail('internal', `Could not choose a /v1 server: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const active = async (): Promise<Result<Entry>> => {
    const target = await activeTarget();
    if (!target.ok) return target;
    const entry = entryOf(target.value);
    await entry.loaded;
    return ok(entry);
  };

  const untilBuilt = async (entry: Entry, signal: AbortSignal): Promise<Result<void>> => {
    while (!entry.served) {
      ensure(entry);
      // Nothing runs: a failure within RETRY_AFTER_MS, or the service is closing.
      if (!entry.run) return { ok: false, error: entry.failure?.error ?? { code: 'cancelled', message: CANCELLED_MESSAGE } };
      if (signal.aborted) return fail('cancelled', CANCELLED_MESSAGE);
      const aborted = new Promise<'aborted'>((resolve) =>
        signal.addEventListener('abort', () => resolve('aborted'), { once: true }),
      );
      if ((await Promise.race([entry.run, aborted])) === 'aborted') return fail('cancelled', CANCELLED_MESSAGE);
      if (entry.failure && !entry.served) return { ok: false, error: entry.failure.error };
    }
    return ok(undefined);
  };

  function locationsOf(d: IndexData): PricingLocation[] {
    const ids = new Set((d.listed ?? []).flatMap((c) => d.read.get(c) ?? []));
    return [...ids]
      .flatMap((id) => {
        const named = d.locations.get(id);
        return named ? [pricingLocation(id, named)] : [];
      })
      .sort((a, b) => (a.name === b.name ? cmp(a.market_id, b.market_id) : cmp(a.name, b.name)));
  }

  return {
    list: ({ market, search, limit, requestId }, ctx) =>
      runTracked(opts.requests, 'locations:list', requestId, ctx?.signal, async ({ signal }) => {
        const entry = await active();
        if (!entry.ok) return entry;
        await notices;
        ensure(entry.value);
        const built = await untilBuilt(entry.value, signal!);
        if (!built.ok) return built;
        const needle = search?.trim().toLowerCase() ?? '';
        return ok(
          locationsOf(entry.value.data)
            .filter((l) => (market === undefined || l.market_id === market) && (!needle || l.name.toLowerCase().includes(needle)))
            .slice(0, limit ?? DEFAULT_LOCATION_LIMIT),
        );
      }),

    async status() {
      const entry = await active();
      if (!entry.ok) return entry;
      const e = entry.value;
      const state = e.run ? 'building' : e.served ? 'ready' : e.failure ? 'failed' : 'idle';
      const ids = new Set((e.data.listed ?? []).flatMap((c) => e.data.read.get(c) ?? []));
      return ok({ state, done: e.done, total: e.total, locations: ids.size, message: e.failure?.error.message ?? null });
    },

    noticeConstraints(constraints, whole) {
      // Only marks an index this run already checked: the refresh starts when a screen next lists locations, so the
      // constraint screens never start the index's requests (docs/desktop.md#the-request-budget).
      const compared = activeTarget()
        .then(async (r) => {
          if (!r.ok || disposed) return;
          // Loads the kept index when no screen listed locations yet: a constraint list answered first is the check too.
          const e = entryOf(r.value);
          await e.loaded;
          const listed = new Set(e.data.listed ?? []);
          const ids = constraints.map((c) => c.gs_entity_id);
          const changed = ids.some((id) => !listed.has(id)) || (whole && ids.length !== listed.size);
          // A whole list that equals a complete kept index is this run's check, made without a request of its own.
          if (!e.checked) {
            if (whole && !changed && e.served && complete(e.data)) e.checked = true;
            return;
          }
          const signature = [...ids].sort().join(' ');
          if (!changed || e.noticed.has(signature)) return;
          if (e.noticed.size > 50) e.noticed.clear();
          e.noticed.add(signature);
          if (e.run) e.again = true;
          else e.checked = false;
        })
        .catch((err: unknown) => log.warn('could not compare a constraint list with the location index', err));
      notices = notices.then(() => compared);
    },

    async dispose() {
      disposed = true;
      for (const e of entries.values()) e.abort.abort(new Error('Gridscope is closing'));
      await Promise.allSettled([...entries.values()].map((e) => e.run));
      await writes(async () => undefined);
    },
  };
}
