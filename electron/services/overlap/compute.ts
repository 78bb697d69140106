import { z } from 'zod';
import { BindingConstraintWithLocations, ConstraintLocation, fail, ok } from '../../../shared/index.js';
import type { ConstraintOverlap, GridResults, OutageOverlap, OutageTicket, ParsedInput, Result } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';
import { ReadCancelledError } from '../workspace/workspace.js';
import type { Workspace } from '../workspace/workspace.js';
import { ACTIVE_OUTAGE_LIMIT, readActiveOutages } from '../outages/activePages.js';
import { allocate } from './allocation.js';
import { overlapPairs } from './sql.js';
import type { AllocationInput, AllocationResult, OverlapInput, OverlapPair } from './types.js';

/**
 * The overlap verbs' work (docs/overlap.md): fetch the binding constraints and the active outages of
 * a window from /v1, rank the pairs in the workspace's DuckDB, and fill the bridge's result types.
 */

/** Most binding constraints asked for: the /v1 maximum (the outages are read in pages up to the same number). */
export const OVERLAP_FETCH_LIMIT = 100_000;

/** What the computation needs of main's services: the proxy's synthetic-aware GET and a workspace read. */
export interface OverlapEnv {
  proxy: Pick<V1Proxy, 'getWithMeta'>;
  workspace: Pick<Workspace, 'read'>;
}

type Scope = Pick<ParsedInput<'overlap:forConstraint'>, 'datasetId' | 'market' | 'window'>;

interface Inputs {
  constraints: BindingConstraintWithLocations[];
  tickets: OutageTicket[];
  truncated: boolean;
  synthetic: string[];
}

const log = createLogger('overlap');
const BindingList = z.array(BindingConstraintWithLocations);
const between = ({ window }: Scope): string => `between ${window.start} and ${window.end}`;

// Both requests at once; the first failure (binding before outages) is the answer.
async function fetchInputs(env: OverlapEnv, scope: Scope, call: GetOptions): Promise<Result<Inputs>> {
  const { start, end } = scope.window;
  if (!(Date.parse(end) > Date.parse(start)))
    return fail('validation', `The window must end after it starts (${start} → ${end}).`);
  const times = { start_time: start, end_time: end, limit: OVERLAP_FETCH_LIMIT };
  const [binding, outages] = await Promise.all([
    env.proxy.getWithMeta('/constraints/binding/locations', { dataset_id: scope.datasetId, ...times }, BindingList, call),
    // In pages: a month of an ISO's tickets in one answer passes the proxy's body cap.
    readActiveOutages(env.proxy, { market: scope.market, window: scope.window }, call),
  ]);
  if (!binding.ok) return binding;
  if (!outages.ok) return outages;
  return ok({
    constraints: binding.value.body,
    tickets: outages.value.body.tickets,
    truncated: outages.value.body.truncated,
    synthetic: [...new Set([...binding.value.synthetic, ...outages.value.synthetic])],
  });
}

/** A ticket whose status is Cancelled (any case): left out of every overlap (docs/overlap.md#inputs). */
export function isCancelled(ticket: { status: string }): boolean {
  return ticket.status.trim().toLowerCase() === 'cancelled';
}

interface Computed {
  pairs: OverlapPair[];
  allocation: AllocationResult[];
}

// The ranking and the allocation run on a workspace read connection; a caller that left interrupts them.
async function rank(
  env: OverlapEnv,
  input: OverlapInput,
  allocation: Pick<AllocationInput, 'weighting' | 'window'> & { allOutages: AllocationInput['outages'] },
  signal?: AbortSignal,
): Promise<Result<Computed>> {
  const done = log.time(`overlap of ${input.constraints.length} constraints × ${input.outages.length} outages`);
  try {
    const pairs = await env.workspace.read((conn) => overlapPairs(conn, input), signal);
    // The allocation of each constraint paired needs every outage near it, not only the one asked about.
    const paired = new Set(pairs.map((p) => p.constraint_gs_entity_id));
    const constraints =
      input.ranking === 'outages' ? input.constraints : input.constraints.filter((c) => paired.has(c.constraint_gs_entity_id));
    const outages = input.ranking === 'constraints' ? allocation.allOutages : input.outages;
    const allocated = constraints.length
      ? await env.workspace.read(
          (conn) =>
            allocate(conn, {
              constraints,
              outages,
              distanceKm: input.distanceKm,
              weighting: allocation.weighting,
              window: allocation.window,
            }),
          signal,
        )
      : [];
    done(`${pairs.length} pairs`);
    return ok({ pairs, allocation: allocated });
  } catch (error) {
    if (error instanceof ReadCancelledError) return fail('cancelled', error.message);
    log.warn('the overlap query failed', error);
    return fail('internal', `Computing the overlap failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// The name of a constraint that did not bind, for the message; its id when the lookup fails.
async function nameOf(env: OverlapEnv, constraintId: string, call: GetOptions): Promise<string> {
  const r = await env.proxy.getWithMeta(
    `/constraints/${encodeURIComponent(constraintId)}/location`,
    {},
    ConstraintLocation,
    call,
  );
  return r.ok ? r.value.body.constraint_name : constraintId;
}

/**
 * `overlap:forConstraint`: outages within `distanceKm` of the constraint whose interval overlapped its
 * binding intervals in `window`, ranked (docs/overlap.md#ranking).
 * @returns `not_found` when the constraint did not bind in the dataset and window; `validation` for an
 *   empty window; the /v1 errors as they come; `cancelled` when `call.signal` aborts.
 */
export async function overlapForConstraint(
  env: OverlapEnv,
  input: Omit<ParsedInput<'overlap:forConstraint'>, 'requestId'>,
  call: GetOptions = {},
): Promise<Result<GridResults['overlap:forConstraint']>> {
  const fetched = await fetchInputs(env, input, call);
  if (!fetched.ok) return fetched;
  const { constraints, tickets, truncated, synthetic } = fetched.value;
  const c = constraints.find((x) => x.constraint_gs_entity_id === input.constraintId);
  if (!c) {
    const name = await nameOf(env, input.constraintId, call);
    return fail('not_found', `${name} did not bind in ${input.datasetId} ${between(input)}.`);
  }
  const out = tickets.filter((t) => !isCancelled(t));
  const weighting = input.allocation ?? 'equal';
  const computed = await rank(
    env,
    { constraints: [c], outages: out, distanceKm: input.distanceKm, ranking: 'outages' },
    { weighting, window: input.window, allOutages: out },
    call.signal,
  );
  if (!computed.ok) return computed;
  const byTicket = new Map(tickets.map((t) => [t.ticket, t]));
  const allocation = computed.value.allocation[0];
  const shares = new Map(allocation?.outages.map((o) => [o.ticket, o]));
  const outages = computed.value.pairs.map((p): OutageOverlap => {
    const t = byTicket.get(p.ticket)!;
    const a = shares.get(p.ticket);
    return {
      ticket: t.ticket,
      status: t.status,
      outage_type: t.outage_type,
      is_synthetic: t.is_synthetic,
      interval_start_utc: t.current_interval_start_utc,
      interval_end_utc: t.current_interval_end_utc,
      distance_km: p.distance_km,
      overlapping_intervals: p.overlapping_intervals,
      congestion_cost: p.congestion_cost,
      allocated_cost: a?.allocated_cost ?? 0,
      lift: a?.lift ?? null,
      bound_share_out: a?.bound_share_out ?? null,
      bound_share_not_out: a?.bound_share_not_out ?? null,
      equipment: t.equipment.map((e) => e.equipment_name),
    };
  });
  const constraint = {
    constraint_gs_entity_id: c.constraint_gs_entity_id,
    constraint_name: c.constraint_name,
    binding_interval_count: c.binding_interval_count,
  };
  const cost = allocation?.cost ?? 0;
  return ok({
    constraint,
    distanceKm: input.distanceKm,
    allocation: weighting,
    cost_in_window: cost,
    unexplained_cost: allocation?.unexplained ?? cost,
    outages,
    truncated,
    synthetic,
  });
}

/**
 * `overlap:forOutage`: binding constraints of `datasetId` within `distanceKm` of the ticket's equipment
 * that bound while it was out, in `window`, ranked (docs/overlap.md#ranking).
 * @returns `not_found` when the ticket is not active in the market and window; otherwise as
 *   {@link overlapForConstraint}.
 */
export async function overlapForOutage(
  env: OverlapEnv,
  input: Omit<ParsedInput<'overlap:forOutage'>, 'requestId'>,
  call: GetOptions = {},
): Promise<Result<GridResults['overlap:forOutage']>> {
  const fetched = await fetchInputs(env, input, call);
  if (!fetched.ok) return fetched;
  const { constraints, tickets, truncated, synthetic } = fetched.value;
  const ticket = tickets.find((t) => t.ticket === input.ticket);
  if (!ticket) {
    const cut = truncated ? ` (the outage list stopped at ${ACTIVE_OUTAGE_LIMIT.toLocaleString('en-US')} tickets)` : '';
    return fail('not_found', `Ticket ${input.ticket} was not active in ${input.market} ${between(input)}${cut}.`);
  }
  // A cancelled outage never took its equipment out: it overlapped nothing.
  const allocation = input.allocation ?? 'equal';
  if (isCancelled(ticket)) return ok({ ticket, distanceKm: input.distanceKm, allocation, constraints: [], truncated, synthetic });
  const computed = await rank(
    env,
    { constraints, outages: [ticket], distanceKm: input.distanceKm, ranking: 'constraints' },
    { weighting: allocation, window: input.window, allOutages: tickets.filter((t) => !isCancelled(t)) },
    call.signal,
  );
  if (!computed.ok) return computed;
  const mine = new Map(
    computed.value.allocation.map((a) => [a.constraint_gs_entity_id, a.outages.find((o) => o.ticket === ticket.ticket)]),
  );
  const ranked = computed.value.pairs.map((p): ConstraintOverlap => ({
    constraint_gs_entity_id: p.constraint_gs_entity_id,
    constraint_name: p.constraint_name,
    distance_km: p.distance_km,
    overlapping_intervals: p.overlapping_intervals,
    congestion_cost: p.congestion_cost,
    peak_abs_shadow_price: p.peak_abs_shadow_price,
    allocated_cost: mine.get(p.constraint_gs_entity_id)?.allocated_cost ?? 0,
    lift: mine.get(p.constraint_gs_entity_id)?.lift ?? null,
  }));
  return ok({ ticket, distanceKm: input.distanceKm, allocation, constraints: ranked, truncated, synthetic });
}
