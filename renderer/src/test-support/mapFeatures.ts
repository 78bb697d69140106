import { Bool, Dictionary, Float32, Int32, Int8, Table, Utf8, tableToIPC, vectorFromArray } from 'apache-arrow';
import type { Vector } from 'apache-arrow';
import { MAP_EQUIPMENT_COLUMNS, MAP_RUN_COLUMNS } from '../../../shared/bridge/map.js';
import type { MapColumnType, MapFeatureCounts, MapFeatures } from '../../../shared/bridge/map.js';

/** Test data of the map: `map:features` answers built from plain rows, encoded as main encodes them (Arrow IPC). */

const TYPES: Record<MapColumnType, () => Float32 | Int32 | Bool | Utf8 | Dictionary> = {
  float32: () => new Float32(),
  int32: () => new Int32(),
  bool: () => new Bool(),
  utf8: () => new Utf8(),
  dictionary: () => new Dictionary(new Utf8(), new Int8()),
};

function encode(spec: Record<string, MapColumnType>, rows: readonly Record<string, unknown>[]): Uint8Array {
  const vectors: Record<string, Vector> = {};
  for (const [name, type] of Object.entries(spec))
    vectors[name] = vectorFromArray(rows.map((r) => r[name] ?? null) as never, TYPES[type]() as never);
  return tableToIPC(new Table(vectors), 'stream');
}

/** A run of constraint `c-1` (DRESD → KEND), minutes 255–265 from the origin, peak 45.27 $/MWh; `over` changes any column. */
export function runRow(over: Partial<Record<keyof typeof MAP_RUN_COLUMNS, unknown>> = {}): Record<string, unknown> {
  return {
    constraint_gs_entity_id: 'c-1',
    constraint_name: 'DRESD-935 KEND 345 KV',
    start_min: 255,
    end_min: 265,
    peak_abs_shadow_price: 45.27,
    constraint_peak_abs_shadow_price: 45.27,
    cost: 7.1,
    interval_count: 2,
    start_name: 'DRESD',
    end_name: 'KEND',
    start_lon: -88.27,
    start_lat: 41.39,
    end_lon: -84,
    end_lat: 40.1,
    ...over,
  };
}

/** A line of ticket 9000001 (MANSFIEL → SAMMIS, 345 kV, Active, Continuous), minutes 0–720; `over` changes any column. */
export function equipmentRow(over: Partial<Record<keyof typeof MAP_EQUIPMENT_COLUMNS, unknown>> = {}): Record<string, unknown> {
  return {
    ticket: 9000001,
    outage_type: 'Continuous',
    status: 'Active',
    is_synthetic: true,
    equipment_name: 'D42',
    equipment_type: 'LINE',
    voltage: 345,
    zone: 'FE',
    start_min: 0,
    end_min: 720,
    from_name: 'MANSFIEL',
    to_name: 'SAMMIS',
    from_lon: -80.5,
    from_lat: 40.6,
    to_lon: -80.7,
    to_lat: 40.5,
    ...over,
  };
}

/** A `map:features` answer of `runs` and `equipment` over a window starting at `originMs` (default 2024-09-02 00:00Z). */
export function mapFeaturesAnswer(
  runs: readonly Record<string, unknown>[],
  equipment: readonly Record<string, unknown>[],
  over: {
    originMs?: number;
    windowMinutes?: number;
    counts?: Partial<MapFeatureCounts>;
    synthetic?: MapFeatures['synthetic'];
  } = {},
): MapFeatures {
  const tickets = new Set(equipment.map((e) => e.ticket)).size;
  return {
    runs: encode(MAP_RUN_COLUMNS, runs),
    equipment: encode(MAP_EQUIPMENT_COLUMNS, equipment),
    originMs: over.originMs ?? Date.parse('2024-09-02T00:00:00Z'),
    windowMinutes: over.windowMinutes ?? 2880,
    counts: {
      constraints: new Set(runs.map((r) => r.constraint_gs_entity_id)).size,
      runs: runs.length,
      tickets,
      equipment: equipment.length,
      cancelledTickets: 0,
      unplacedConstraints: 0,
      unplacedEquipment: 0,
      ...over.counts,
    },
    truncated: false,
    synthetic: over.synthetic ?? {
      binding: ['start', 'end'],
      outages: ['tickets with is_synthetic=true', 'from_substation', 'to_substation'],
    },
  };
}
