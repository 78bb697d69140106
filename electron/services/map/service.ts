import { fail, ok } from '../../../shared/index.js';
import type { ContractResults, ParsedInput, Result, Verb } from '../../../shared/index.js';
import type { CallContext } from '../common/call.js';
import type { GetOptions } from '../v1/proxy.js';
import { runTracked } from '../v1/requests.js';
import type { RequestRegistry } from '../v1/requests.js';
import type { WorkspaceService } from '../workspace/service.js';
import type { MapAnswers } from './answers.js';
import { mapFeatures } from './features.js';

/** The map verbs. */
export type MapVerb = Extract<Verb, `map:${string}`>;

type Method<V extends MapVerb> = (input: ParsedInput<V>, ctx?: CallContext) => Promise<Result<ContractResults[V]>>;

/** One method per {@link MapVerb}. */
export interface MapService {
  features: Method<'map:features'>;
  constraintDetail: Method<'map:constraintDetail'>;
  ticket: Method<'map:ticket'>;
}

export interface MapServiceOptions {
  answers: MapAnswers;
  requests: RequestRegistry;
  /** Absent (a host without a workspace): `map:features` answers `internal`. */
  workspace?: Pick<WorkspaceService, 'use'>;
}

const NO_WORKSPACE = 'This Gridscope host has no local workspace.';
const between = (w: { start: string; end: string }) => `between ${w.start} and ${w.end}`;

/**
 * The map's data in main (docs/map.md#the-data-path): its features as Arrow columns built in the active profile's
 * workspace, and what a selection needs — one constraint's observations, one ticket's details — from the same /v1
 * answers (kept in memory by answers.ts, so a selection costs no request). Each call is a tracked request
 * (`requests:cancel`, the caller going away). Errors: a `requestId` in flight → `validation`; no workspace →
 * `internal`; not in the answer → `not_found`; /v1's pass through.
 */
export function createMapService(opts: MapServiceOptions): MapService {
  const run = <V extends MapVerb>(
    verb: V,
    requestId: string | undefined,
    ctx: CallContext | undefined,
    work: (call: GetOptions) => Promise<Result<ContractResults[V]>>,
  ) => runTracked(opts.requests, verb, requestId, ctx?.signal, work);

  return {
    features: ({ requestId, ...input }, ctx) =>
      run('map:features', requestId, ctx, async (call) => {
        const workspace = opts.workspace;
        if (!workspace) return fail('internal', NO_WORKSPACE);
        return workspace.use((ws) => mapFeatures({ answers: opts.answers, workspace: ws }, input, call));
      }),

    constraintDetail: ({ requestId, constraintId, ...scope }, ctx) =>
      run('map:constraintDetail', requestId, ctx, async (call) => {
        const r = await opts.answers.binding(scope, call);
        if (!r.ok) return r;
        const constraint = r.value.body.find((c) => c.constraint_gs_entity_id === constraintId);
        if (!constraint)
          return fail('not_found', `Constraint ${constraintId} did not bind in ${scope.datasetId} ${between(scope.window)}.`);
        return ok({ constraint, synthetic: r.value.synthetic });
      }),

    ticket: ({ requestId, ticket, ...scope }, ctx) =>
      run('map:ticket', requestId, ctx, async (call) => {
        const r = await opts.answers.outages(scope, call);
        if (!r.ok) return r;
        const found = r.value.body.tickets.find((t) => t.ticket === ticket);
        if (!found) return fail('not_found', `Ticket ${ticket} was not active in ${scope.market} ${between(scope.window)}.`);
        return ok({ ticket: found, synthetic: r.value.synthetic });
      }),
  };
}
