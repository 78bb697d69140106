import { ClientApiUsage, fail, ok } from '../../../shared/index.js';
import type { ProfileName, Result } from '../../../shared/index.js';
import { ClientConstraintList, ClientShiftFactorsPerLocation } from '../grid/bodies.js';
import type { ProxyActivity } from '../v1/activity.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';
import type { Clock } from '../v1/retry.js';
import { UNKNOWN_PLAN_LIMITS, createPacer, rateLimitsOf } from './pacer.js';
import type { IndexData } from './store.js';

/** Most constraints one list asks for: the /v1 maximum (docs/api.md#constraint-list). */
export const CONSTRAINT_LIST_LIMIT = 100_000;

export interface BuildOptions {
  /** The unwatched proxy: the index's own requests are not "activity" it waits for. */
  proxy: V1Proxy;
  /** Every request goes to this profile's server, whichever profile becomes active meanwhile. */
  profile: ProfileName;
  clock: Clock;
  /** The rest of the app's /v1 traffic, which goes first. */
  activity?: ProxyActivity;
  signal: AbortSignal;
  /** Before each request: false when the profile's server changed (another URL or key), which ends the run `cancelled`. */
  stillTarget: () => Promise<boolean>;
  /** After the list and after each constraint: constraints read of those listed. */
  onProgress: (done: number, total: number) => void;
  /** After each constraint read (the caller keeps what was read so far). */
  onRead: () => void;
  /**
   * True when, while the list request waited for its turn, a whole constraint list the app was answered anyway showed
   * the index is current: the check then ends without its own request.
   */
  checkedMeanwhile?: () => boolean;
  /**
   * Ms to wait before the list's turn (a check of a kept index, which answers meanwhile): a screen opening with the
   * run lists the constraints itself, and that whole list is the check (`checkedMeanwhile`). 0 or absent: no wait.
   */
  settleMs?: number;
}

const TARGET_CHANGED = 'The /v1 server of this profile changed while its locations were being found.';

/**
 * Brings `index` up to date with the profile's /v1, in place: reads the constraint list (docs/api.md#constraint-list),
 * then the shift factors of each listed constraint not read yet (docs/api.md#shift-factors-by-constraint), one request
 * each, paced under the plan's rate limits (`/api_usage`, which counts towards no limit; unknown plan: the free plan's),
 * and forgets constraints no longer listed. A constraint that is gone by the time it is asked (404) names no location.
 * Errors: more constraints to read than requests left this month → `rate_limited` before any is read; any other
 * failure of /v1 passes through (what was read so far stays in `index`); a changed server or `signal` → `cancelled`.
 */
export async function buildIndex(index: IndexData, o: BuildOptions): Promise<Result<void>> {
  const call: GetOptions = { signal: o.signal, profile: o.profile };
  const usage = await o.proxy.get('/api_usage', {}, ClientApiUsage, { ...call, cache: false });
  if (!usage.ok && usage.error.code === 'cancelled') return usage;
  const pace = createPacer(usage.ok ? rateLimitsOf(usage.value) : UNKNOWN_PLAN_LIMITS, o.clock, o.activity);
  const step = async <T>(get: () => Promise<Result<T>>): Promise<Result<T>> => {
    try {
      await pace(o.signal);
    } catch {
      return fail('cancelled', 'The location index was stopped.');
    }
    if (!(await o.stillTarget())) return fail('cancelled', TARGET_CHANGED);
    return get();
  };

  // Always the live list: a cached one could hide a new constraint.
  let current = false;
  if (o.settleMs && !o.checkedMeanwhile?.()) {
    try {
      await o.clock.sleep(o.settleMs, o.signal);
    } catch {
      return fail('cancelled', 'The location index was stopped.');
    }
  }
  const list = await step(() => {
    if (o.checkedMeanwhile?.()) {
      current = true;
      return Promise.resolve(ok({ data: [], dataset_metadata: null }));
    }
    return o.proxy.get('/constraints', { limit: CONSTRAINT_LIST_LIMIT }, ClientConstraintList, { ...call, cache: false });
  });
  if (!list.ok) return list;
  if (current) return ok(undefined);
  const constraints = list.value.data;
  const listed = constraints.map((c) => c.gs_entity_id);
  const keep = new Set(listed);
  for (const id of index.read.keys()) if (!keep.has(id)) index.read.delete(id);
  index.listed = listed;
  const missing = constraints.filter((c) => !index.read.has(c.gs_entity_id));
  let done = listed.length - missing.length;
  o.onProgress(done, listed.length);

  if (usage.ok && usage.value.limits.api_requests_limit >= 0) {
    const { limits, current_period_usage: used } = usage.value;
    // The list above counted one more request than `used` says.
    const left = Math.max(0, limits.api_requests_limit - used.total_requests - 1);
    if (missing.length > left)
      return fail(
        'rate_limited',
        `Finding the locations with data takes ${missing.length} requests (one per constraint), more than the ${left} left this month on the ${usage.value.plan_name} plan.`,
      );
  }

  for (const c of missing) {
    const path = `/constraints/${encodeURIComponent(c.gs_entity_id)}/shift-factors`;
    const rows = await step(() => o.proxy.get(path, {}, ClientShiftFactorsPerLocation, call));
    if (!rows.ok && rows.error.code !== 'not_found') return rows;
    const market = (c.market_id ?? '').toLowerCase();
    const named = rows.ok ? rows.value : [];
    for (const r of named)
      if (!index.locations.has(r.location_gs_entity_id))
        index.locations.set(r.location_gs_entity_id, { name: r.location, market });
    index.read.set(
      c.gs_entity_id,
      named.map((r) => r.location_gs_entity_id),
    );
    o.onRead();
    o.onProgress(++done, listed.length);
  }
  return ok(undefined);
}
