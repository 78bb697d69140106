import { destination, distanceKm, roundPoint, type Point } from './geo.js';
import { components, stationNetwork, type NetworkStation, type StationLine, type StationNetwork } from './network.js';
import { pick, rng, uniform, type Random } from './random.js';
import type { PricingNode, SyntheticInputs } from './sources.js';

/** A named synthetic point. */
export interface Substation extends Point {
  name: string;
}

const letters = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');
const nodeLetters = new WeakMap<PricingNode, string>();
const lettersOf = (node: PricingNode) => {
  let text = nodeLetters.get(node);
  if (text === undefined) nodeLetters.set(node, (text = letters(node.name)));
  return text;
};

/** Every node whose name a station name of ≥ 4 letters begins (letters only, case-folded), best first: hubs and zones, then shorter names. */
export function matchNodes(station: string, nodes: readonly PricingNode[]): PricingNode[] {
  const token = letters(station);
  if (token.length < 4) return [];
  const rank = (n: PricingNode) => (n.nodeType === 'hub' || n.nodeType === 'zone' ? 0 : 1);
  return nodes
    .filter((node) => lettersOf(node).startsWith(token))
    .sort((a, b) => rank(a) - rank(b) || a.name.length - b.name.length || (a.id < b.id ? -1 : 1));
}

/** The best of {@link matchNodes}, if any. */
export function matchNode(station: string, nodes: readonly PricingNode[]): PricingNode | undefined {
  return matchNodes(station, nodes)[0];
}

// How close to a placed neighbour a node must be for the station to be anchored at it: its limit less the jitter of both ends.
const ANCHOR_SLACK_KM = 6;

/**
 * SYNTHETIC substation points (no public PJM ones exist), seeded by name, placed network by network:
 * docs/constraints.md#generators-seeded-deterministic. Every point is inside the footprint and no line is longer than
 * its voltage class allows (voltage.ts); a station whose name matches a node in the footprint, in the states its
 * facility allows and within reach of the stations it is already joined to, sits 0.5–3 km from that node.
 */
export class SubstationPlacer {
  private readonly placed = new Map<string, Substation>();
  private readonly matches = new Map<string, PricingNode[]>();

  constructor(
    private readonly inputs: SyntheticInputs,
    private readonly market = 'pjm',
  ) {}

  /** Every station placed so far, by name. */
  all(): Substation[] {
    return [...this.placed.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  /** A placed station, if it is. */
  get(name: string): Substation | undefined {
    return this.placed.get(name);
  }

  /** One station on its own (no line): placed if new, and its point. */
  place(name: string): Substation {
    this.placeLines([{ from: name, to: null, voltage: null }]);
    return this.placed.get(name)!;
  }

  /**
   * Places every new station of `lines`; stations placed before keep their points. Each connected group starts at its
   * placed stations, else at the station best anchored (a matched node, most lines, then name), and grows along lines.
   */
  placeLines(lines: readonly StationLine[]): void {
    const network = stationNetwork(lines);
    for (const group of components(network)) {
      const queue = group.filter((name) => this.placed.has(name));
      if (queue.length === 0) {
        const root = this.chooseRoot(group, network);
        this.placeRoot(network.get(root)!, network);
        queue.push(root);
      }
      while (queue.length > 0) {
        const from = queue.shift()!;
        for (const next of [...network.get(from)!.links.keys()].sort()) {
          if (this.placed.has(next)) continue;
          this.placeNear(network.get(next)!, from);
          queue.push(next);
        }
      }
    }
  }

  // Nodes a station may be anchored at: name match, inside the footprint, in the allowed states.
  private candidates(station: NetworkStation): PricingNode[] {
    const key = `${station.name}\u001f${[...(station.states ?? [])].sort().join(',')}`;
    let nodes = this.matches.get(key);
    if (!nodes) {
      nodes = matchNodes(station.name, this.inputs.nodes).filter(
        (node) => this.inputs.footprint.contains(node) && (!station.states || station.states.has(node.state ?? '')),
      );
      this.matches.set(key, nodes);
    }
    return nodes;
  }

  private chooseRoot(group: readonly string[], network: StationNetwork): string {
    const key = (name: string) => {
      const s = network.get(name)!;
      return [this.candidates(s).length > 0 ? 0 : 1, -s.links.size] as const;
    };
    return [...group].sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      return ka[0] - kb[0] || ka[1] - kb[1] || (a < b ? -1 : 1);
    })[0]!;
  }

  // The root's node: the one most of its neighbours' nodes are within reach of (then the best match).
  private placeRoot(station: NetworkStation, network: StationNetwork): void {
    const random = this.random(station.name);
    const reach = (node: PricingNode) =>
      [...station.links].filter(([other, length]) =>
        this.candidates(network.get(other)!).some((n) => distanceKm(n, node) <= length.limit - ANCHOR_SLACK_KM),
      ).length;
    const nodes = this.candidates(station);
    const best = nodes.reduce<PricingNode | undefined>((top, node) => (!top || reach(node) > reach(top) ? node : top), undefined);
    const inside = (p: Point) => this.inputs.footprint.contains(p);
    const point = (best && this.around(best, 0.5, 3, random, inside)) ?? this.inRegion(station, random) ?? this.anywhere(random);
    this.set(station.name, point);
  }

  // A station joined to placed ones: at a matched node within reach of all of them, else a line's length from `from`.
  private placeNear(station: NetworkStation, from: string): void {
    const random = this.random(station.name);
    const joined = [...station.links].flatMap(([other, length]) => {
      const p = this.placed.get(other);
      return p ? [{ p, limit: length.limit }] : [];
    });
    const fits = (q: Point) => this.inputs.footprint.contains(q) && joined.every(({ p, limit }) => distanceKm(p, q) <= limit);
    for (const node of this.candidates(station)) {
      if (!joined.every(({ p, limit }) => distanceKm(p, node) <= limit - ANCHOR_SLACK_KM)) continue;
      const anchored = this.around(node, 0.5, 3, random, fits);
      if (anchored) return this.set(station.name, anchored);
    }
    const origin = this.placed.get(from)!;
    const length = station.links.get(from)!;
    const point =
      this.around(origin, length.min, length.max, random, fits, 24) ?? this.around(origin, 1, length.limit, random, fits, 24);
    // Unreachable in practice (a line's far end can always sit near its start); its start's point keeps every rule.
    this.set(station.name, point ?? origin);
  }

  private set(name: string, point: Point): void {
    this.placed.set(name, { name, ...roundPoint(point) });
  }

  private random(name: string): Random {
    return rng('substation', this.market, name);
  }

  private around(center: Point, min: number, max: number, random: Random, ok: (p: Point) => boolean, tries = 12): Point | undefined {
    for (let i = 0; i < tries; i += 1) {
      const p = roundPoint(destination(center, uniform(random, min, max), uniform(random, 0, 360)));
      if (ok(p)) return p;
    }
    return undefined;
  }

  // Within 40 km of a node of the station's states (a seeded pick), for a station whose facility names its region.
  private inRegion(station: NetworkStation, random: Random): Point | undefined {
    const states = station.states;
    if (!states) return undefined;
    const nodes = this.inputs.nodes.filter((n) => states.has(n.state ?? '') && this.inputs.footprint.contains(n));
    if (nodes.length === 0) return undefined;
    return this.around(pick(random, nodes), 0, 40, random, (p) => this.inputs.footprint.contains(p));
  }

  private anywhere(random: Random): Point {
    const [minLon, minLat, maxLon, maxLat] = this.inputs.footprint.box;
    for (;;) {
      const p = roundPoint({ latitude: uniform(random, minLat, maxLat), longitude: uniform(random, minLon, maxLon) });
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
