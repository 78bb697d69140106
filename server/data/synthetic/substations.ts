import { destination, distanceKm, roundPoint, type Point } from './geo.js';
import { integer, rng, uniform } from './random.js';
import type { PricingNode, SyntheticInputs } from './sources.js';

/** A named synthetic point. */
export interface Substation extends Point {
  name: string;
}

const letters = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/** The node whose name a station name of ≥ 4 letters begins (letters only, case-folded; hubs and zones first, then shorter). */
export function matchNode(station: string, nodes: readonly PricingNode[]): PricingNode | undefined {
  const token = letters(station);
  if (token.length < 4) return undefined;
  const rank = (n: PricingNode) => (n.nodeType === 'hub' || n.nodeType === 'zone' ? 0 : 1);
  return nodes
    .filter((node) => letters(node.name).startsWith(token))
    .sort((a, b) => rank(a) - rank(b) || a.name.length - b.name.length || (a.id < b.id ? -1 : 1))[0];
}

/** SYNTHETIC substation points (no public PJM ones exist), seeded by name: docs/constraints.md#generators-seeded-deterministic */
export class SubstationPlacer {
  private readonly placed = new Map<string, Substation>();

  constructor(
    private readonly inputs: SyntheticInputs,
    private readonly market = 'pjm',
  ) {}

  all(): Substation[] {
    return [...this.placed.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  /** The station's point; `near` is the other end of its line. */
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

  private around(center: Point, min: number, max: number, random: () => number): Point | undefined {
    for (let i = 0; i < 12; i += 1) {
      const p = destination(center, uniform(random, min, max), uniform(random, 0, 360));
      if (this.inputs.footprint.contains(p)) return p;
    }
    return undefined;
  }

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
