import { BRIDGE_HEADER, BRIDGE_PATH, VERBS } from '../../shared/bridge/contract.js';
import type { GridscopeApi, Verb } from '../../shared/bridge/contract.js';
import type { GsError, Result } from '../../shared/errors.js';

/**
 * The renderer's only way out (CONVENTIONS.md §2, §5): the preload's `window.gridscope` in
 * Electron, or the web host's `POST /bridge/<verb>` over same-origin HTTP. The renderer never
 * builds a /v1 URL and never sees an API key.
 */

/** Message shown when the host process itself cannot be reached (web host stopped, IPC gone). */
export const LOST_HOST_MESSAGE = 'Lost contact with the Gridscope host process. Restart Gridscope.';

const lostHost: GsError = { code: 'network', message: LOST_HOST_MESSAGE };

/** Narrow check that a parsed body looks like a {@link Result}; the host is trusted but may be a proxy page. */
function isResult(body: unknown): body is Result<unknown> {
  if (typeof body !== 'object' || body === null || !('ok' in body)) return false;
  const b = body as { ok: unknown; error?: unknown };
  if (b.ok === true) return 'value' in b;
  if (b.ok !== false || typeof b.error !== 'object' || b.error === null) return false;
  const e = b.error as { code?: unknown; message?: unknown };
  return typeof e.code === 'string' && typeof e.message === 'string';
}

/** Posts one verb to the web host and returns its Result; never rejects. */
async function post(fetchImpl: typeof fetch, verb: Verb, input: unknown): Promise<Result<unknown>> {
  let res: Response;
  try {
    res = await fetchImpl(`${BRIDGE_PATH}/${verb}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [BRIDGE_HEADER]: '1' },
      body: JSON.stringify(input ?? {}),
    });
  } catch {
    return { ok: false, error: lostHost };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (isResult(body)) return body;
  return {
    ok: false,
    error: { code: 'internal', message: `Unexpected reply from the Gridscope host (HTTP ${res.status}).`, status: res.status },
  };
}

/**
 * Builds a {@link GridscopeApi} that talks to the web host over HTTP, one function per contract
 * verb. `fetchImpl` is injectable for tests; it defaults to the page's `fetch`.
 */
export function createHttpBridge(fetchImpl: typeof fetch = (...args) => fetch(...args)): GridscopeApi {
  const api: Partial<Record<Verb, (input: unknown) => Promise<Result<unknown>>>> = {};
  for (const verb of VERBS) api[verb] = (input) => post(fetchImpl, verb, input);
  return api as GridscopeApi;
}

let cached: GridscopeApi | undefined;

/** Returns `window.gridscope` when the Electron preload exposed it, else the web host's HTTP client. */
export function getBridge(): GridscopeApi {
  if (typeof window !== 'undefined' && window.gridscope) return window.gridscope;
  cached ??= createHttpBridge();
  return cached;
}
