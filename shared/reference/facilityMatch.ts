import { parseFacility } from './facilityNames.js';

/**
 * Real-time and day-ahead names of one facility (docs/constraints.md#real-time-and-day-ahead-names-of-one-facility):
 * PJM publishes `LAKENELS-MIDDLESE I-1023-3 B 230 KV` in real time and `LAKENELS230 KV LAK-MID` day-ahead. Two names
 * are one facility when they are the same once case, spacing and punctuation are ignored (`same_name`), or when they
 * state the same stations and voltage (`same_stations`).
 */

/** How two names were matched. */
export type FacilityMatch = 'same_name' | 'same_stations';

/** A name with case, spacing and punctuation ignored: `Turkey Hill - Hilgard 138 kV` → `TURKEYHILLHILGARD138KV`. */
export function normalisedName(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

// A station as compared: letters and digits, a circuit digit ending a code dropped (`STE2` → `STE`, `DUMONT2` → `DUMONT`).
const station = (s: string): string => normalisedName(s).replace(/(?<=[A-Z])\d+$/, '');

/** Two stations match when the shorter, at least 3 characters, begins the longer (`MID` and `MIDDLESE`). */
function sameStation(a: string, b: string): boolean {
  const [x, y] = [station(a), station(b)];
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.length >= 3 && long.startsWith(short);
}

// The words of a name before any `l/o` (the contingency), upper case.
const words = (name: string): string[] =>
  name
    .split(/\s+l\/o\s+/i)[0]!
    .toUpperCase()
    .split(/\s+/)
    .filter(Boolean);

/** Circuit numbers: whole numbers of 4 or more digits (`1090`, `13839`); the voltage never has 4. */
function circuits(name: string): Set<string> {
  return new Set(words(name).filter((w) => /^\d{4,}$/.test(w)));
}

/**
 * Equipment words of a one-station facility: words holding a digit, less the leading station number (`12 DRESDEN`),
 * the voltage (`345`, `345KV`) and the station glued to its voltage (`NOTTINGH230`): `45TR83`, `2-3`, `B43`.
 */
function equipment(name: string, from: string, voltage: number | null): Set<string> {
  const all = words(name);
  const kept = all.filter((w, i) => {
    if (!/\d/.test(w) || (i === 0 && /^\d+$/.test(w))) return false;
    if (voltage !== null && (w === String(voltage) || w === `${voltage}KV`)) return false;
    return !normalisedName(w).startsWith(station(from));
  });
  return new Set(kept);
}

const meets = (a: Set<string>, b: Set<string>): boolean => [...a].some((x) => b.has(x));

/**
 * How names `a` and `b` are one facility, or null. `same_stations` needs: the same voltage when both state one; both
 * with two stations, matching in either order — and, when both carry circuit numbers, one in common; or both with one
 * station, matching, and an equipment word in common (`2-3` in `NOTTINGHM 2-3 SER DEV A 230 KV` and
 * `NOTTINGH230 KV 2-3`; not `45TR83` against `45TR81`).
 */
export function facilityMatch(a: string, b: string): FacilityMatch | null {
  if (normalisedName(a) === normalisedName(b)) return 'same_name';
  const [p, q] = [parseFacility(a), parseFacility(b)];
  if (p.voltage !== null && q.voltage !== null && p.voltage !== q.voltage) return null;
  if (p.to !== null && q.to !== null) {
    const stations =
      (sameStation(p.from, q.from) && sameStation(p.to, q.to)) || (sameStation(p.from, q.to) && sameStation(p.to, q.from));
    const [ca, cb] = [circuits(a), circuits(b)];
    return stations && (ca.size === 0 || cb.size === 0 || meets(ca, cb)) ? 'same_stations' : null;
  }
  if (p.to === null && q.to === null && sameStation(p.from, q.from))
    return meets(equipment(a, p.from, p.voltage), equipment(b, q.from, q.voltage)) ? 'same_stations' : null;
  return null;
}
