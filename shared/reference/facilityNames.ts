/**
 * The stations and voltage a PJM facility name states, read by one rule for the SYNTHETIC substation placement
 * (docs/constraints.md#generators-seeded-deterministic) and for matching real-time and day-ahead names of one facility
 * (docs/constraints.md#real-time-and-day-ahead-names-of-one-facility).
 */

/** Stations of one facility (`to` null for transformers, breakers) and its kV when the name states one. */
export interface FacilityStations {
  from: string;
  to: string | null;
  voltage: number | null;
}

const STOP = new Set(['KV', 'XFORMER', 'CT', 'CB', 'H', 'A', 'B', 'SER', 'DEV', 'TIE', 'OCB']);

function stationWords(fragment: string): string {
  const words = fragment.trim().split(/\s+/).filter(Boolean);
  while (words.length > 1 && /^\d+$/.test(words[0]!)) words.shift(); // `935 KEND` → `KEND`
  if (words[0]) words[0] = words[0].replace(/^\d+(?=[A-Za-z])/, ''); // `08NW TAP` → `NW TAP`
  const kept: string[] = [];
  for (const word of words) {
    if (/[\d-]/.test(word) || STOP.has(word.toUpperCase())) break;
    kept.push(word);
  }
  if (kept.length > 0) return kept.join(' ');
  const first = words[0] ?? fragment;
  return first.replace(/\d+$/, '') || first;
}

/** Stations of a PJM facility name (`BERGEN 230 KV BER-HUD`, `LENOX-NMESHOPP …`, `YORKANA B43 CB`); never throws. */
export function parseFacility(name: string): FacilityStations {
  const head = name
    .split(/\s+l\/o\s+/i)[0]!
    .replace(/^\d+\s+/, '')
    .trim();
  // `230 KV`, `345/138 kV`; else a bare voltage class ending the name (`Stillwell-Dumont 345`).
  const kv = /(\d{2,3})(?:\/\d+)?\s*kv\b/i.exec(head) ?? /\s(69|115|138|161|230|345|500|765)$/.exec(head);
  const voltage = kv ? Number(kv[1]) : null;
  const compact = /^([A-Z][A-Z0-9 ]*?)\s?(\d{2,3})\s?KV\s+(\S+)(.*)$/.exec(head);
  if (compact && !compact[1]!.includes('-')) {
    const [, station, , code] = compact;
    const far = /^[A-Z]{2,}\d*-([A-Z][A-Z0-9]*)$/.exec(code!);
    return { from: station!.trim(), to: far && far[1] !== station!.trim() ? far[1]! : null, voltage };
  }
  // The station separator is a dash with a letter on one side (not the `2-3` of a circuit number).
  const dash = /[A-Za-z]\s*-\s*[A-Za-z0-9]|[0-9]\s*-\s*[A-Za-z]/.exec(head);
  if (dash) {
    const at = dash.index + dash[0].indexOf('-');
    const from = stationWords(head.slice(0, at));
    const to = stationWords(head.slice(at + 1));
    return { from, to: to && to !== from ? to : null, voltage };
  }
  return { from: stationWords(head), to: null, voltage };
}
