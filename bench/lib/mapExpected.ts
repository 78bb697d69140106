import { request } from 'undici';

/**
 * What `bench map` expects the map to hold for a window, computed here from the raw /v1 answers (independently of the
 * renderer's feature code): one outage feature per piece of equipment with a substation, one binding constraint
 * feature per constraint with a substation and contiguous run of binding intervals (docs/api.md#active-outages,
 * #binding-constraints-with-locations).
 */
export interface ExpectedMap {
  constraints: number;
  /** Binding constraints in the answer (≥ 1 feature each when placed). */
  bindingConstraints: number;
  observations: number;
  tickets: number;
  equipment: number;
  /** Bytes of each answer and ms to get it straight from /v1 (no main, no bridge). */
  bindingBytes: number;
  bindingMs: number;
  outageBytes: number;
  outageMs: number;
}

interface Station {
  latitude: number;
  longitude: number;
}
interface BindingBody {
  start: Station | null;
  end: Station | null;
  observations: { interval_start_utc: string; interval_end_utc: string }[];
}
interface OutageBody {
  tickets: { equipment: { from_substation: Station | null; to_substation: Station | null }[] }[];
}

async function timedGet<T>(url: string): Promise<{ body: T; bytes: number; ms: number }> {
  const started = performance.now();
  const res = await request(url);
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`GET ${url}: HTTP ${res.statusCode} ${text.slice(0, 300)}`);
  return { body: JSON.parse(text) as T, bytes: Buffer.byteLength(text), ms: performance.now() - started };
}

/** Runs of back-to-back intervals (an interval starting at or before the previous end extends it). */
function runs(observations: BindingBody['observations']): number {
  let n = 0;
  let end = -Infinity;
  for (const o of [...observations].sort((a, b) => Date.parse(a.interval_start_utc) - Date.parse(b.interval_start_utc))) {
    if (Date.parse(o.interval_start_utc) > end) n += 1;
    end = Math.max(end, Date.parse(o.interval_end_utc));
  }
  return n;
}

/**
 * Asks /v1 at `origin` for the binding constraints of `dataset` (no limit: the service's default, as the map's `top=all`) and the active outages of `market` over
 * `[start, end)` (ISO), as the map's verbs do, and counts the features they make. @throws on a non-200 answer.
 */
export async function expectedMap(
  origin: string,
  o: { dataset: string; market: string; start: string; end: string },
): Promise<ExpectedMap> {
  const window = `start_time=${encodeURIComponent(o.start)}&end_time=${encodeURIComponent(o.end)}`;
  const binding = await timedGet<BindingBody[]>(`${origin}/v1/constraints/binding/locations?dataset_id=${o.dataset}&${window}`);
  const outages = await timedGet<OutageBody>(`${origin}/v1/outages/${o.market}/active?${window}&limit=100000`);
  const constraints = binding.body;
  const equipment = outages.body.tickets.flatMap((t) => t.equipment);
  return {
    constraints: constraints.filter((c) => c.start || c.end).reduce((n, c) => n + runs(c.observations), 0),
    bindingConstraints: constraints.length,
    observations: constraints.reduce((n, c) => n + c.observations.length, 0),
    tickets: outages.body.tickets.length,
    equipment: equipment.filter((e) => e.from_substation || e.to_substation).length,
    bindingBytes: binding.bytes,
    bindingMs: binding.ms,
    outageBytes: outages.bytes,
    outageMs: outages.ms,
  };
}
