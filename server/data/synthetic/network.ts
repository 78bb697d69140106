import { lineLength, type LineLength } from './voltage.js';

/** A line between two stations (`to` null or equal to `from`: equipment at one station), its kV and the states its name allows. */
export interface StationLine {
  from: string;
  to: string | null;
  /** kV; null when the name states none (the default class of voltage.ts). */
  voltage: number | null;
  /** US states the line's stations lie in (regions.ts), or null when unknown. */
  states?: readonly string[] | null;
}

/** A station of a {@link StationNetwork}: its lines by the station at the other end, and the states it may lie in. */
export interface NetworkStation {
  name: string;
  /** The lengths of the line to each neighbour (the shortest class when several lines join the same two stations). */
  links: Map<string, LineLength>;
  /** Union of the states its lines allow; null when none says. */
  states: Set<string> | null;
}

/** Stations by name, joined by lines. */
export type StationNetwork = Map<string, NetworkStation>;

function station(network: StationNetwork, name: string): NetworkStation {
  let s = network.get(name);
  if (!s) network.set(name, (s = { name, links: new Map(), states: null }));
  return s;
}

function link(a: NetworkStation, b: string, length: LineLength): void {
  const known = a.links.get(b);
  if (!known || length.limit < known.limit) a.links.set(b, length);
}

/** The network of `lines`: every station named, each line a link both ways. */
export function stationNetwork(lines: readonly StationLine[]): StationNetwork {
  const network: StationNetwork = new Map();
  for (const line of lines) {
    const ends = [line.from, ...(line.to && line.to !== line.from ? [line.to] : [])].map((n) => station(network, n));
    for (const s of ends) if (line.states) s.states = new Set([...(s.states ?? []), ...line.states]);
    if (ends.length === 2) {
      const length = lineLength(line.voltage);
      link(ends[0]!, ends[1]!.name, length);
      link(ends[1]!, ends[0]!.name, length);
    }
  }
  return network;
}

/** Connected groups of stations, each sorted by name, in the order of their first name. */
export function components(network: StationNetwork): string[][] {
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const name of [...network.keys()].sort()) {
    if (seen.has(name)) continue;
    const group: string[] = [];
    const stack = [name];
    seen.add(name);
    while (stack.length > 0) {
      const next = stack.pop()!;
      group.push(next);
      for (const other of network.get(next)!.links.keys()) {
        if (!seen.has(other)) {
          seen.add(other);
          stack.push(other);
        }
      }
    }
    out.push(group.sort());
  }
  return out;
}
