import { fail } from '../../../shared/index.js';
import type { ContractResults, ParsedInput, Result, Verb } from '../../../shared/index.js';
import type { CallContext } from '../common/call.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';
import { RequestIdInUseError } from '../v1/requests.js';
import type { RequestRegistry } from '../v1/requests.js';
import type { WorkspaceService } from '../workspace/service.js';
import { overlapForConstraint, overlapForOutage } from './compute.js';
import type { OverlapEnv } from './compute.js';

/** The overlap verbs. */
export type OverlapVerb = Extract<Verb, `overlap:${string}`>;

type Method<V extends OverlapVerb> = (input: ParsedInput<V>, ctx?: CallContext) => Promise<Result<ContractResults[V]>>;

/** One method per {@link OverlapVerb}. */
export interface OverlapService {
  forConstraint: Method<'overlap:forConstraint'>;
  forOutage: Method<'overlap:forOutage'>;
}

export interface OverlapServiceOptions {
  proxy: Pick<V1Proxy, 'getWithMeta'>;
  requests: RequestRegistry;
  /** Absent (a host without a workspace): both methods answer `internal`. */
  workspace?: Pick<WorkspaceService, 'use'>;
}

const NO_WORKSPACE = 'This Gridscope host has no local workspace.';

/**
 * Outage ↔ binding-constraint overlap computed in the active profile's workspace from /v1 data (docs/overlap.md).
 * Each call is a tracked request, so `requests:cancel` with its `requestId`, or the caller going away, ends it
 * `cancelled`. Errors: a `requestId` in flight → `validation`; no workspace → `internal`; /v1's pass through.
 */
export function createOverlapService(opts: OverlapServiceOptions): OverlapService {
  async function run<V extends OverlapVerb>(
    verb: V,
    requestId: string | undefined,
    ctx: CallContext | undefined,
    work: (env: OverlapEnv, call: GetOptions) => Promise<Result<ContractResults[V]>>,
  ): Promise<Result<ContractResults[V]>> {
    const workspace = opts.workspace;
    if (!workspace) return fail('internal', NO_WORKSPACE);
    let tracked;
    try {
      tracked = opts.requests.begin(verb, requestId, ctx?.signal);
    } catch (err) {
      if (err instanceof RequestIdInUseError) return fail('validation', err.message);
      throw err;
    }
    try {
      const call: GetOptions = { signal: tracked.signal, onProgress: tracked.onProgress };
      return await workspace.use((ws) => work({ proxy: opts.proxy, workspace: ws }, call));
    } finally {
      tracked.end();
    }
  }

  return {
    forConstraint: ({ requestId, ...input }, ctx) =>
      run('overlap:forConstraint', requestId, ctx, (env, call) => overlapForConstraint(env, input, call)),
    forOutage: ({ requestId, ...input }, ctx) =>
      run('overlap:forOutage', requestId, ctx, (env, call) => overlapForOutage(env, input, call)),
  };
}
