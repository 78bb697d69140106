import type { ApiUsage, Constraint, ShiftFactorPerLocation } from '../../../../shared/index.js';
import { usage } from '../../../../shared/test-support/fixtures.js';
import { sendJson, startUpstream } from '../../../test-support/upstream.js';
import type { Upstream } from '../../../test-support/upstream.js';

/** A constraint of the fake /v1 and the locations its shift factors name: `[gs_entity_id, name]`. */
export interface FakeConstraint {
  id: string;
  market: string;
  locations: [string, string][];
}

/** A fake /v1 of constraints and their shift factors (docs/api.md#constraint-list, #shift-factors-by-constraint). */
export interface ConstraintsV1 {
  up: Upstream;
  /** Replaces the constraint list (routes for new constraints' shift factors are added). */
  setConstraints(constraints: FakeConstraint[]): void;
  /** Paths of the counted requests (all but `/api_usage`), in arrival order, with their arrival in epoch ms. */
  counted: { path: string; at: number }[];
  /** How many requests were refused with 429. */
  refused(): number;
  /** Shift-factor requests per constraint id. */
  shiftFactorCalls(): Record<string, number>;
  /** Holds the answers of constraint `id`'s shift factors until the returned function is called. */
  hold(id: string): () => void;
  close(): Promise<void>;
}

/**
 * Starts the fake: `/v1/api_usage` answers `plan` (uncounted), `/v1/constraints` the current list. With
 * `onePerSecond`, a counted request within 1 s of the last admitted one is refused like the service does
 * (429, `Retry-After: 1`, docs/api.md#rate-limits-and-quotas).
 */
export async function startConstraintsV1(
  opts: { plan?: Partial<ApiUsage>; onePerSecond?: boolean } = {},
): Promise<ConstraintsV1> {
  const up = await startUpstream();
  let list: FakeConstraint[] = [];
  const counted: ConstraintsV1['counted'] = [];
  let refused = 0;
  let lastAdmitted = -Infinity;
  const admit = (path: string): boolean => {
    const at = Date.now();
    if (opts.onePerSecond && at - lastAdmitted < 1000) {
      refused += 1;
      return false;
    }
    lastAdmitted = at;
    counted.push({ path, at });
    return true;
  };
  const tooMany = { detail: 'Too Many Requests. Limit: 1 per 1 second. Try again in 1 second.' };

  up.route('/v1/api_usage', (_q, res) => sendJson(res, 200, usage(opts.plan)));
  up.route('/v1/constraints', (req, res) => {
    if (!admit('/v1/constraints')) return sendJson(res, 429, tooMany, undefined, { 'retry-after': '1' });
    const data: Constraint[] = list.map((c) => ({
      gs_entity_id: c.id,
      constraint_name: `Line ${c.id}`,
      market_id: c.market,
      earliest_seen_utc: null,
      latest_seen_utc: null,
      available_datasets: null,
    }));
    sendJson(res, 200, { data, dataset_metadata: null });
    void req;
  });
  const held = new Map<string, Promise<void>>();
  const routed = new Set<string>();
  const setConstraints = (constraints: FakeConstraint[]): void => {
    list = constraints;
    for (const c of constraints) {
      const path = `/v1/constraints/${c.id}/shift-factors`;
      if (routed.has(path)) continue;
      routed.add(path);
      up.route(path, async (_q, res) => {
        if (!admit(path)) return sendJson(res, 429, tooMany, undefined, { 'retry-after': '1' });
        await held.get(c.id);
        const now = list.find((x) => x.id === c.id);
        if (!now) return sendJson(res, 404, { detail: `Constraint ${c.id} not found` });
        const rows: ShiftFactorPerLocation[] = now.locations.map(([id, name]) => ({
          location_gs_entity_id: id,
          estimated_shift_factor: 0.1,
          location: name,
        }));
        sendJson(res, 200, rows, undefined, { 'x-gridscope-synthetic': 'estimated_shift_factor' });
      });
    }
  };

  return {
    up,
    setConstraints,
    counted,
    refused: () => refused,
    shiftFactorCalls: () => {
      const calls: Record<string, number> = {};
      for (const { path } of counted) {
        const id = /^\/v1\/constraints\/([^/]+)\/shift-factors$/.exec(path)?.[1];
        if (id) calls[id] = (calls[id] ?? 0) + 1;
      }
      return calls;
    },
    hold: (id) => {
      let release!: () => void;
      held.set(id, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        held.delete(id);
        release();
      };
    },
    close: () => up.close(),
  };
}
