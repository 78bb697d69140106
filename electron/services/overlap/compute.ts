import { z } from 'zod';
import { ActiveOutagesResponse, BindingConstraintWithLocations, ConstraintLocation, fail, ok } from '../../../shared/index.js';
import type { ConstraintOverlap, GridResults, OutageOverlap, OutageTicket, ParsedInput, Result } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';
import { ReadCancelledError } from '../workspace/workspace.js';
import type { Workspace } from '../workspace/workspace.js';
import { overlapPairs } from './sql.js';
import type { OverlapInput, OverlapPair } from './types.js';

/**
 * The overlap verbs' work (docs/overlap.md): fetch the binding constraints and the active outages of
 * a window from /v1, rank the pairs in the workspace's DuckDB, and fill the bridge's result types.
 */

/** Most binding constraints and outage tickets asked for: the /v1 maximum of both endpoints. */
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
    env.proxy.getWithMeta(`/outages/${encodeURIComponent(scope.market)}/active`, times, ActiveOutagesResponse, call),
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

// The ranking runs on a workspace read connection; a caller that left interrupts it.
async function rank(env: OverlapEnv, input: OverlapInput, signal?: AbortSignal): Promise<Result<OverlapPair[]>> {
  const done = log.time(`overlap of ${input.constraints.length} constraints × ${input.outages.length} outages`);
  try {
    const pairs = await env.workspace.read((conn) => overlapPairs(conn, input), signal);
    done(`${pairs.length} pairs`);
    return ok(pairs);
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
  const pairs = await rank(
    env,
    { constraints: [c], outages: tickets.filter((t) => !isCancelled(t)), distanceKm: input.distanceKm, ranking: 'outages' },
    call.signal,
  );
  if (!pairs.ok) return pairs;
  const byTicket = new Map(tickets.map((t) => [t.ticket, t]));
  const outages = pairs.value.map((p): OutageOverlap => {
    const t = byTicket.get(p.ticket)!;
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
      equipment: t.equipment.map((e) => e.equipment_name),
    };
  });
  const constraint = {
    constraint_gs_entity_id: c.constraint_gs_entity_id,
    constraint_name: c.constraint_name,
    binding_interval_count: c.binding_interval_count,
  };
  return ok({ constraint, distanceKm: input.distanceKm, outages, truncated, synthetic });
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
    const cut = truncated ? ` (the outage list stopped at ${OVERLAP_FETCH_LIMIT.toLocaleString('en-US')} tickets)` : '';
    return fail('not_found', `Ticket ${input.ticket} was not active in ${input.market} ${between(input)}${cut}.`);
  }
  // A cancelled outage never took its equipment out: it overlapped nothing.
  if (isCancelled(ticket)) return ok({ ticket, distanceKm: input.distanceKm, constraints: [], truncated, synthetic });
  const pairs = await rank(
    env,
    { constraints, outages: [ticket], distanceKm: input.distanceKm, ranking: 'constraints' },
    call.signal,
  );
  if (!pairs.ok) return pairs;
  const ranked = pairs.value.map((p): ConstraintOverlap => ({
    constraint_gs_entity_id: p.constraint_gs_entity_id,
    constraint_name: p.constraint_name,
    distance_km: p.distance_km,
    overlapping_intervals: p.overlapping_intervals,
    congestion_cost: p.congestion_cost,
    peak_abs_shadow_price: p.peak_abs_shadow_price,
  }));
  return ok({ ticket, distanceKm: input.distanceKm, constraints: ranked, truncated, synthetic });
}
