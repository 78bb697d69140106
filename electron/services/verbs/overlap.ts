import { fail } from '../../../shared/index.js';
import type { ContractResults, Result, Verb } from '../../../shared/index.js';
import { overlapForConstraint, overlapForOutage } from '../overlap/compute.js';
import type { OverlapEnv } from '../overlap/compute.js';
import type { GetOptions } from '../v1/proxy.js';
import { RequestIdInUseError } from '../v1/requests.js';
import type { CallContext, Handlers, HandlerDeps } from './handlers.js';

/** The overlap verbs. */
export type OverlapVerb = Extract<Verb, `overlap:${string}`>;

const NO_WORKSPACE = 'This Gridscope host has no local workspace.';

/**
 * The overlap verbs' handlers (merged into `createHandlers`): outage ↔ binding-constraint overlap
 * computed in the active profile's workspace from /v1 data (docs/overlap.md). Each call is a tracked
 * request, so `requests:cancel` with its `requestId`, or the caller going away, ends it `cancelled`.
 * Without a workspace both verbs answer `internal`, like the workspace verbs.
 */
export function createOverlapHandlers(deps: HandlerDeps): Pick<Handlers, OverlapVerb> {
  async function run<V extends OverlapVerb>(
    verb: V,
    requestId: string | undefined,
    ctx: CallContext | undefined,
    work: (env: OverlapEnv, call: GetOptions) => Promise<Result<ContractResults[V]>>,
  ): Promise<Result<ContractResults[V]>> {
    const workspace = deps.workspace;
    if (!workspace) return fail('internal', NO_WORKSPACE);
    let tracked;
    try {
      tracked = deps.requests.begin(verb, requestId, ctx?.signal);
    } catch (err) {
      if (err instanceof RequestIdInUseError) return fail('validation', err.message);
      throw err;
    }
    try {
      const call: GetOptions = { signal: tracked.signal, onProgress: tracked.onProgress };
      return await workspace.use((ws) => work({ proxy: deps.proxy, workspace: ws }, call));
    } finally {
      tracked.end();
    }
  }

  return {
    'overlap:forConstraint': ({ requestId, ...input }, ctx) =>
      run('overlap:forConstraint', requestId, ctx, (env, call) => overlapForConstraint(env, input, call)),
    'overlap:forOutage': ({ requestId, ...input }, ctx) =>
      run('overlap:forOutage', requestId, ctx, (env, call) => overlapForOutage(env, input, call)),
  };
}
