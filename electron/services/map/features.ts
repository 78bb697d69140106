import { MAP_EQUIPMENT_COLUMNS, MAP_RUN_COLUMNS, fail, ok } from '../../../shared/index.js';
import type { MapFeatures, ParsedInput, Result } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import { isCancelled } from '../overlap/compute.js';
import type { GetOptions } from '../v1/proxy.js';
import { ReadCancelledError } from '../workspace/workspace.js';
import type { Workspace } from '../workspace/workspace.js';
import type { MapAnswers } from './answers.js';
import { encodeColumns } from './arrow.js';
import { endMinutes, startMinutes, windowOrigin, MINUTE_MS } from './minutes.js';
import { equipmentColumns, runColumns, type Columns } from './sql.js';

/** What building the features needs: the two /v1 reads and a workspace read connection. */
export interface MapEnv {
  answers: MapAnswers;
  workspace: Pick<Workspace, 'read'>;
}

const log = createLogger('map');

// `start_ms`/`end_ms` → `start_min`/`end_min` from the origin (minutes.ts), the other columns as they are.
function inMinutes(columns: Columns, originMs: number): Columns {
  const { start_ms: starts = [], end_ms: ends = [], ...rest } = columns;
  return {
    ...rest,
    start_min: starts.map((s) => startMinutes(Number(s), originMs)),
    end_min: ends.map((e) => endMinutes(Number(e), originMs)),
  };
}

const unplaced = (columns: Columns, lon: string) => (columns[lon] ?? []).filter((v) => v === null).length;

/**
 * `map:features` (docs/map.md#the-data-path): the binding constraints with locations of the dataset and window (top
 * `limit`) and the outages active in the market and window — both at once, the binding in one /v1 request, the outages
 * in pages of 10,000 tickets (answers.ts) — assembled into one row per binding run (in the workspace's DuckDB) and one
 * per piece of outage equipment, and encoded as two Arrow IPC streams with times in minutes from the window's origin (the
 * two substation-name columns of each over one dictionary). Cancelled tickets are left out unless `includeCancelled`.
 * @returns `validation` for a window whose end is not after its start; the /v1 errors as they come; `cancelled` when
 *   `call.signal` aborts; `internal` when the workspace query fails.
 */
export async function mapFeatures(
  env: MapEnv,
  input: Omit<ParsedInput<'map:features'>, 'requestId'>,
  call: GetOptions = {},
): Promise<Result<MapFeatures>> {
  const { start, end } = input.window;
  const [startMs, endMs] = [Date.parse(start), Date.parse(end)];
  if (!(endMs > startMs)) return fail('validation', `The window must end after it starts (${start} → ${end}).`);
  const [binding, outages] = await Promise.all([
    env.answers.binding({ datasetId: input.datasetId, window: input.window, limit: input.limit }, call),
    env.answers.outages({ market: input.market, window: input.window }, call),
  ]);
  if (!binding.ok) return binding;
  if (!outages.ok) return outages;
  const constraints = binding.value.body;
  const all = outages.value.body.tickets;
  const tickets = input.includeCancelled ? all : all.filter((t) => !isCancelled(t));
  const originMs = windowOrigin(startMs);
  const done = log.time(`map features of ${constraints.length} constraints and ${tickets.length} tickets`);
  try {
    const runs = await env.workspace.read((conn) => runColumns(conn, constraints), call.signal);
    const equipment = equipmentColumns(tickets);
    const value: MapFeatures = {
      runs: encodeColumns(MAP_RUN_COLUMNS, inMinutes(runs, originMs), [['start_name', 'end_name']]),
      equipment: encodeColumns(MAP_EQUIPMENT_COLUMNS, inMinutes(equipment, originMs), [['from_name', 'to_name']]),
      originMs,
      windowMinutes: Math.ceil((endMs - originMs) / MINUTE_MS),
      counts: {
        constraints: constraints.length,
        runs: runs.constraint_gs_entity_id?.length ?? 0,
        tickets: tickets.length,
        equipment: equipment.ticket?.length ?? 0,
        cancelledTickets: all.length - tickets.length,
        unplacedConstraints: constraints.filter((c) => !c.start && !c.end).length,
        unplacedEquipment: unplaced(equipment, 'from_lon'),
      },
      truncated: outages.value.body.truncated,
      synthetic: { binding: binding.value.synthetic, outages: outages.value.synthetic },
    };
    done(`${value.counts.runs} runs, ${value.counts.equipment} equipment, ${value.runs.length + value.equipment.length} bytes`);
    return ok(value);
  } catch (error) {
    if (error instanceof ReadCancelledError) return fail('cancelled', error.message);
    log.warn('building the map features failed', error);
    return fail('internal', `Building the map's features failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
