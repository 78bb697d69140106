/**
 * Reads station names out of PJM monitored-facility names, for the synthetic geometry. PJM writes
 * facilities in a few styles:
 * - compact: `CHESWICK138 KV CHE-LF53`, `BERGEN 230 KV BER-HUD` (station, voltage, element code whose
 *   second half abbreviates the far end of a line);
 * - two stations: `LENOX-NMESHOPP NML 1090 B 115 KV`, `Turkey Hill - Hilgard 138 kV l/o …`;
 * - one station: `BEAVER TR1 XFORMER H 345 KV`, `YORKANA B43 CB`.
 * A leading zone number (`12 DRESDEN …`) and the ` l/o <contingency>` tail are dropped.
 */

/** Stations of one facility: `to` is null for single-station equipment (transformers, breakers). */
export interface FacilityStations {
  from: string;
  to: string | null;
  /** Voltage in kV when the name states one. */
  voltage: number | null;
}

const STOP = new Set(['KV', 'XFORMER', 'CT', 'CB', 'H', 'A', 'B', 'SER', 'DEV', 'TIE', 'OCB']);

/** Leading station words of a fragment: up to the first word with a digit, a dash or an equipment word. */
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
  // e.g. `DUMONT2`: the first word, without trailing digits.
  const first = words[0] ?? fragment;
  return first.replace(/\d+$/, '') || first;
}

/** Parses a facility name (see module doc). Never throws; the worst case is the whole name as `from`. */
export function parseFacility(name: string): FacilityStations {
  const head = name.split(/\s+l\/o\s+/i)[0]!.replace(/^\d+\s+/, '').trim();
  const kv = /(\d{2,3})(?:\/\d+)?\s*kv\b/i.exec(head);
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
