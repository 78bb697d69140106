import { destination, distanceKm, roundPoint, type Point } from './geo.js';
import { integer, rng, uniform } from './random.js';
import type { PricingNode, SyntheticInputs } from './sources.js';

/**
 * SYNTHETIC substation coordinates for PJM facility names (no public PJM substation coordinates
 * exist). Rules (docs/constraints.md):
 * 1. A station name of ≥ 4 letters that begins a PJM pricing node's name (letters only, case-folded;
 *    hubs and zones before plants, then shorter names, then id) sits 0.5–3 km from that node.
 * 2. Otherwise, when placed relative to a known station (the far end of a line), it sits 10–50 km away.
 * 3. Otherwise it is a uniform random point inside the PJM footprint.
 * Every draw is seeded by the station name, so a name gets the same point everywhere. Points stay
 * inside the footprint (rules 1–2 retry other bearings, then fall back to rule 3).
 */

/** A named synthetic point. */
export interface Substation extends Point {
  name: string;
}

const letters = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/** The node whose name a station name begins (rule 1), or undefined. */
export function matchNode(station: string, nodes: readonly PricingNode[]): PricingNode | undefined {
  const token = letters(station);
  if (token.length < 4) return undefined;
  const rank = (n: PricingNode) => (n.nodeType === 'hub' || n.nodeType === 'zone' ? 0 : 1);
  return nodes
    .filter((node) => letters(node.name).startsWith(token))
    .sort((a, b) => rank(a) - rank(b) || a.name.length - b.name.length || (a.id < b.id ? -1 : 1))[0];
}

/** Places substations by name, caching each, for one market's inputs. */
export class SubstationPlacer {
  private readonly placed = new Map<string, Substation>();

  constructor(
    private readonly inputs: SyntheticInputs,
    private readonly market = 'pjm',
  ) {}

  /** Every station placed so far, ordered by name. */
  all(): Substation[] {
    return [...this.placed.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  /** The station's point (rules 1–3); `near` is the other end of its line, for rule 2. */
  place(name: string, near?: Point): Substation {
    const known = this.placed.get(name);
    if (known) return known;
    const random = rng('substation', this.market, name);
    const node = matchNode(name, this.inputs.nodes);
    let point: Point | undefined;
    if (node) point = this.around(node, 0.5, 3, random);
    if (!point && near) point = this.around(near, 10, 50, random);
    point ??= this.anywhere(random);
    const station = { name, ...roundPoint(point) };
    this.placed.set(name, station);
    return station;
  }

  /** A point `min`–`max` km from `center` inside the footprint, or undefined after 12 tries. */
  private around(center: Point, min: number, max: number, random: () => number): Point | undefined {
    for (let i = 0; i < 12; i += 1) {
      const p = destination(center, uniform(random, min, max), uniform(random, 0, 360));
      if (this.inputs.footprint.contains(p)) return p;
    }
    return undefined;
  }

  /** A uniform point inside the footprint (rejection sampling in its bounding box). */
  private anywhere(random: () => number): Point {
    const [minLon, minLat, maxLon, maxLat] = this.inputs.footprint.box;
    for (;;) {
      const p = { latitude: uniform(random, minLat, maxLat), longitude: uniform(random, minLon, maxLon) };
      if (this.inputs.footprint.contains(p)) return p;
    }
  }
}

/** Nearest node of the given types to a point (e.g. the zone of an outage station). */
export function nearestNode(point: Point, nodes: readonly PricingNode[], types: readonly string[]): PricingNode | undefined {
  let best: PricingNode | undefined;
  let bestKm = Infinity;
  for (const node of nodes) {
    if (!types.includes(node.nodeType)) continue;
    const km = distanceKm(point, node);
    if (km < bestKm) [best, bestKm] = [node, km];
  }
  return best;
}

/** A voltage class in kV seeded by a name, for stations whose name carries none. */
export function seededVoltage(name: string): number {
  const classes = [69, 115, 138, 138, 230, 230, 345, 500, 765];
  return classes[integer(rng('voltage', name), 0, classes.length - 1)]!;
}
