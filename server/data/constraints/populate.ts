import type { DuckDBConnection } from '@duckdb/node-api';
import { parseEdartScheduled } from '../synthetic/edart.js';
import { generateGeometry } from '../synthetic/geometry.js';
import { pricingLocations } from '../synthetic/locations.js';
import { generateTickets } from '../synthetic/outages.js';
import { generateShiftFactors } from '../synthetic/shift-factors.js';
import type { SyntheticInputs } from '../synthetic/sources.js';
import { SubstationPlacer } from '../synthetic/substations.js';
import { ticketRows, versionsFromEdart, type TicketVersion } from '../synthetic/tickets.js';
import type { ConstraintDatasetConfig } from './configs.js';
import { bindingCombos, deriveEntities } from './entities.js';
import { fillCostRollup } from './rollup.js';
import { appendRows, createTables } from './schema.js';

/** Bump when a generator's output or the table layout (schema.ts) changes: it is part of the constraint database's name. */
export const GENERATOR_VERSION = 4;

const MARKET = 'pjm';

/** The embedded synthetic tickets (numbers above any real eDART ticket's): 40 % around each real sample window. */
export const EMBEDDED_TICKETS = {
  count: 400,
  firstTicket: 9_000_001,
  windows: [
    { from: Date.UTC(2023, 9, 15), to: Date.UTC(2023, 10, 30), weight: 0.4 },
    { from: Date.UTC(2024, 7, 15), to: Date.UTC(2024, 8, 30), weight: 0.4 },
    { from: Date.UTC(2023, 0, 1), to: Date.UTC(2026, 0, 1), weight: 0.2 },
  ],
  // The eDART exemplar's own stamp (2026-07-23 13:18:27 Eastern): no version is later.
  horizon: Date.UTC(2026, 6, 23, 17, 18, 27),
};

/** Options of {@link populateConstraintTables}. `builtAt` is epoch ms. */
export interface PopulateOptions {
  configs: readonly ConstraintDatasetConfig[];
  inputs: SyntheticInputs;
  builtAt: number;
  kind: 'embedded' | 'scaled' | 'fixture';
  tickets?: typeof EMBEDDED_TICKETS;
}

/** Creates and fills every constraint table: real entities, then SYNTHETIC geometry, shift factors and tickets (PJM only). */
export async function populateConstraintTables(conn: DuckDBConnection, options: PopulateOptions): Promise<void> {
  const { configs, inputs, builtAt } = options;
  await createTables(conn);
  await appendRows(conn, 'gs_constraint_datasets', configs.map((c) => ({ ...c })));
  const seen = await deriveEntities(conn, configs, builtAt);
  await fillCostRollup(conn, configs);
  const locations = pricingLocations(MARKET, inputs.nodes);
  const placer = new SubstationPlacer(inputs, MARKET);
  const geometry = generateGeometry(MARKET, seen.filter((s) => s.market_id === MARKET).map((s) => s.name), placer, inputs.nodes);
  const shiftFactors = generateShiftFactors(locations, geometry.facilities, await bindingCombos(conn, configs));

  const real = parseEdartScheduled(inputs.edart).flatMap(versionsFromEdart);
  const synthetic = generateTickets({ market: MARKET, stations: geometry.stations, ...(options.tickets ?? EMBEDDED_TICKETS) });
  placeOutageStations([...real, ...synthetic], placer);
  const { versionRows, equipmentRows } = ticketRows(MARKET, [...real, ...synthetic]);

  await appendRows(conn, 'gs_locations', locations);
  await appendRows(conn, 'gs_constraint_geometry', geometry.rows);
  await appendRows(conn, 'gs_shift_factors', shiftFactors);
  await appendRows(conn, 'gs_outage_versions', versionRows);
  await appendRows(conn, 'gs_outage_equipment', equipmentRows);
  await appendRows(conn, 'gs_substations', placer.all().map((s) => ({ market_id: MARKET, ...s })));
  await appendRows(conn, 'gs_store_facts', [{ built_at_utc: builtAt, kind: options.kind, generator_version: GENERATOR_VERSION }]);
}

// Stations only outage equipment names (the real eDART ticket's) are placed like constraint stations: same rules, same point.
function placeOutageStations(versions: readonly TicketVersion[], placer: SubstationPlacer): void {
  const lines = versions.flatMap((v) => v.equipment.map((e) => ({ from: e.station_1, to: e.station_2, voltage: e.voltage })));
  placer.placeLines(lines.filter((line) => line.from));
}
