import { fail, ok } from '../../../shared/index.js';
import type { ContractResults, ParsedInput, PathSide, Result } from '../../../shared/index.js';
import type { CallContext } from '../common/call.js';
import { createLogger } from '../common/logger.js';
import { ClientLocationConstraintCosts } from '../grid/bodies.js';
import { segment, windowProblem } from '../grid/inputs.js';
import { marketZone } from '../bindingWindow/peakSql.js';
import type { BindingWindowStore, StoredWindow } from '../bindingWindow/store.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';
import { runTracked } from '../v1/requests.js';
import type { RequestRegistry } from '../v1/requests.js';
import type { WorkspaceService } from '../workspace/service.js';
import { ReadCancelledError } from '../workspace/workspace.js';
import type { Workspace } from '../workspace/workspace.js';
import { assemblePath } from './assemble.js';
import { bucketHours, pathGroups } from './sql.js';
import type { PairShiftFactor } from './sql.js';

type Input = ParsedInput<'paths:congestion'>;
type Answer = ContractResults['paths:congestion'];

/** The path verbs: one method per `paths:*` verb. */
export interface PathService {
  congestion: (input: Input, ctx?: CallContext) => Promise<Result<Answer>>;
}

export interface PathServiceOptions {
  proxy: Pick<V1Proxy, 'getWithMeta'>;
  requests: RequestRegistry;
  workspace: Pick<WorkspaceService, 'use'>;
  /** The binding window store the constraint screens share (docs/desktop.md#the-binding-window-store). */
  store: Pick<BindingWindowStore, 'ensure'>;
}

const log = createLogger('paths');
const SIDES: readonly PathSide[] = ['rt', 'da'];

/** What is wrong with a path input before any request, as `validation`; undefined when it is usable. */
export function pathProblem(input: Input): Result<never> | undefined {
  const bad = windowProblem(input.window);
  if (bad) return bad;
  if (input.source === input.sink)
    return fail('validation', 'The source and the sink are the same location: pick two different ends of the path.');
  if (!input.datasets.rt && !input.datasets.da)
    return fail('validation', 'Pick a real-time or a day-ahead constraint dataset (or both).');
  return undefined;
}

// One location's (constraint, contingency) pairs and shift factors of one dataset (docs/api.md#location-constraint-costs).
async function pairsOf(
  proxy: PathServiceOptions['proxy'],
  side: PathSide,
  role: 'source' | 'sink',
  locationId: string,
  datasetId: string,
  input: Input,
  call: GetOptions,
): Promise<Result<{ pairs: PairShiftFactor[]; synthetic: string[] }>> {
  const id = segment(locationId, 'location');
  if (!id.ok) return id;
  const query = {
    dataset_id: datasetId,
    start_time: input.window.start,
    end_time: input.window.end,
    group_by: 'constraint_contingency',
  };
  const got = await proxy.getWithMeta(
    `/constraints/locations/${id.value}/constraint-costs`,
    query,
    ClientLocationConstraintCosts,
    call,
  );
  if (!got.ok) return got;
  const pairs = got.value.body.map((p) => ({
    side,
    role,
    constraint_gs_entity_id: p.constraint_gs_entity_id,
    contingency_gs_entity_id: p.contingency_gs_entity_id,
    contingency_name: p.contingency_name,
    shift_factor: p.shift_factor,
  }));
  return ok({ pairs, synthetic: got.value.synthetic });
}

interface SideData {
  side: PathSide;
  window: StoredWindow;
  pairs: PairShiftFactor[];
  synthetic: string[];
}

// A side's binding window and both ends' pairs, asked at once (the proxy's rate gate paces them).
async function sideData(
  opts: PathServiceOptions,
  ws: Workspace,
  side: PathSide,
  datasetId: string,
  input: Input,
  call: GetOptions,
  attempt = 1,
): Promise<Result<SideData>> {
  const ends = (['source', 'sink'] as const).filter((role) => input[role] !== null);
  const [stored, ...answers] = await Promise.all([
    opts.store.ensure(ws, { datasetId, ...input.window }, call),
    ...ends.map((role) => pairsOf(opts.proxy, side, role, input[role]!, datasetId, input, call)),
  ]);
  // Another call this one joined (the same window or answer) may have been cancelled: then it is asked again, once.
  const joinedCancelled = [stored, ...answers].some((r) => !r.ok && r.error.code === 'cancelled');
  if (joinedCancelled && !call.signal?.aborted && attempt < 2) return sideData(opts, ws, side, datasetId, input, call, 2);
  if (!stored.ok) return stored;
  const pairs: PairShiftFactor[] = [];
  const synthetic = new Set<string>();
  for (const a of answers) {
    if (!a.ok) return a;
    pairs.push(...a.value.pairs);
    a.value.synthetic.forEach((f) => synthetic.add(f));
  }
  return ok<SideData>({ side, window: stored.value, pairs, synthetic: [...synthetic] });
}

/**
 * The path verbs (docs/paths.md): `paths:congestion` makes sure each side's binding window is stored (one /v1 request
 * per window while fresh, shared with the constraint screens), asks both ends' shift factors (one request per location
 * and dataset; none for the reference), and sums the path in the workspace. A tracked request (`requests:cancel`).
 * Errors: a bad input → `validation` before any request; /v1's pass through (404 location or dataset, 400 not a
 * constraint dataset or no shadow prices); no /v1 server → `auth`; the caller gone → `cancelled`.
 */
export function createPathService(opts: PathServiceOptions): PathService {
  return {
    congestion: ({ requestId, ...input }, ctx) => {
      const bad = pathProblem(input);
      if (bad) return Promise.resolve(bad);
      return runTracked(opts.requests, 'paths:congestion', requestId, ctx?.signal, (call) =>
        opts.workspace.use(async (ws) => {
          const got = await Promise.all(
            SIDES.filter((s) => input.datasets[s]).map((s) =>
              sideData(opts, ws, s, input.datasets[s]!, input, { ...call, profile: ws.profile }),
            ),
          );
          const sides: SideData[] = [];
          for (const g of got) {
            if (!g.ok) return g;
            sides.push(g.value);
          }
          const done = log.time(`path ${input.source ?? 'reference'} → ${input.sink ?? 'reference'}`);
          try {
            const scope = {
              market: input.market,
              start: input.window.start,
              end: input.window.end,
              windows: sides.map((s) => ({ side: s.side, windowId: s.window.id })),
              pairs: sides.flatMap((s) => s.pairs),
              groupBy: input.groupBy,
            };
            const [groups, hours] = await ws.read(
              async (conn) => [await pathGroups(conn, scope), await bucketHours(conn, scope)] as const,
              call.signal,
            );
            done(`${groups.length} groups`);
            return ok(assemblePath({ input, zone: marketZone(input.market), sides, groups, hours }));
          } catch (error) {
            if (error instanceof ReadCancelledError) return fail('cancelled', error.message);
            log.warn('the path query failed', error);
            return fail('internal', `Summing the path failed: ${error instanceof Error ? error.message : String(error)}`);
          }
        }),
      );
    },
  };
}
