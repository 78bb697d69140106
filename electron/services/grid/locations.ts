import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { fail, ok } from '../../../shared/index.js';
import type { ParsedInput, PricingLocation, Result } from '../../../shared/index.js';
import { entityId } from '../../../server/data/constraints/ids.js';
import { createLogger } from '../common/logger.js';

/**
 * The repository's `data/` folder, the one the embedded service reads when it is given none (server/app.ts does the same
 * from its side); the desktop passes the unpacked app's `data/` instead (electron/main/index.ts).
 */
export const REPOSITORY_DATA_DIR = fileURLToPath(new URL('../../../data/', import.meta.url));

/** The real CommonGrid pricing nodes (ODbL, data/SOURCES.md), relative to the data folder. */
export const PRICING_NODES_FILE = 'commongrid/pricing-nodes.json';

/** `locations:list` returns at most this many locations unless asked for more. */
export const DEFAULT_LOCATION_LIMIT = 500;

// Only the keys used; a node missing one of them (or with a coordinate that is not a number) is skipped, not fatal.
const PricingNodeFields = z.object({
  name: z.string().min(1),
  iso: z.string().min(1),
  nodeType: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

// Pricing locations are the hubs and zones, as in server/data/synthetic/locations.ts; `gen` nodes are plants.
const LOCATION_TYPES = new Set(['hub', 'zone']);

const log = createLogger('grid');

/** The hub and zone nodes of the pricing-node file as {@link PricingLocation}s, ordered by name, then market. */
export function pricingLocationsOf(nodes: unknown): PricingLocation[] {
  if (!Array.isArray(nodes)) throw new Error(`${PRICING_NODES_FILE} is not a JSON array`);
  const out: PricingLocation[] = [];
  for (const raw of nodes) {
    const node = PricingNodeFields.safeParse(raw);
    if (!node.success || !LOCATION_TYPES.has(node.data.nodeType)) continue;
    const { name, iso, nodeType, latitude, longitude } = node.data;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    const market = iso.toLowerCase();
    // The embedded service's id rule (docs/constraints.md): the same name gives the same id on both sides.
    out.push({
      gs_entity_id: entityId('location', market, name),
      name,
      market_id: market,
      location_type: nodeType,
      latitude,
      longitude,
    });
  }
  return out.sort((a, b) => (a.name === b.name ? cmp(a.market_id, b.market_id) : cmp(a.name, b.name)));
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `locations:list` over the pricing nodes of `dataDir` (docs/desktop.md#grid-verbs): read once, then filtered by `market`
 * (lower-case id, exact), `search` (case-insensitive substring of the name) and cut at `limit` (default
 * {@link DEFAULT_LOCATION_LIMIT}). An unreadable file answers `internal` and is read again on the next call.
 */
export function createLocationList(
  dataDir: string = REPOSITORY_DATA_DIR,
): (input: ParsedInput<'locations:list'>) => Promise<Result<PricingLocation[]>> {
  let all: Promise<PricingLocation[]> | undefined;
  const load = async (): Promise<PricingLocation[]> => {
    const done = log.time(`read ${PRICING_NODES_FILE}`);
    const locations = pricingLocationsOf(JSON.parse(await readFile(join(dataDir, PRICING_NODES_FILE), 'utf8')));
    done(`${locations.length} locations`);
    return locations;
  };

  return async ({ market, search, limit }) => {
    all ??= load();
    let locations: PricingLocation[];
    try {
      locations = await all;
    } catch (err) {
      all = undefined;
      log.error(`could not read ${PRICING_NODES_FILE}`, err);
      const why = err instanceof Error ? err.message : String(err);
      return fail('internal', `Could not read the pricing locations Gridscope ships (data/${PRICING_NODES_FILE}): ${why}`);
    }
    const needle = search?.trim().toLowerCase() ?? '';
    return ok(
      locations
        .filter((l) => (market === undefined || l.market_id === market) && (!needle || l.name.toLowerCase().includes(needle)))
        .slice(0, limit ?? DEFAULT_LOCATION_LIMIT),
    );
  };
}
