import {
  BINARY_RESULT_TYPE,
  BRIDGE_HEADER,
  BRIDGE_PATH,
  contractInputs,
  decodeBinaryResult,
  VERBS,
} from '../../shared/bridge/contract.js';
import type { BridgeCallOptions, GridscopeApi, Verb } from '../../shared/bridge/contract.js';
import { CANCELLED_MESSAGE } from '../../shared/errors.js';
import type { GsError, Result } from '../../shared/errors.js';
import { newRequestId, releaseRequestId } from './lib/requestId.js';

/** Shown when the host process cannot be reached (web host stopped, IPC gone). */
export const LOST_HOST_MESSAGE = 'Lost contact with the Gridscope host process. Restart Gridscope.';

export { CANCELLED_MESSAGE };

const lostHost: GsError = { code: 'network', message: LOST_HOST_MESSAGE };

function isResult(body: unknown): body is Result<unknown> {
  if (typeof body !== 'object' || body === null || !('ok' in body)) return false;
  const b = body as { ok: unknown; error?: unknown };
  if (b.ok === true) return 'value' in b;
  if (b.ok !== false || typeof b.error !== 'object' || b.error === null) return false;
  const e = b.error as { code?: unknown; message?: unknown };
  return typeof e.code === 'string' && typeof e.message === 'string';
}

// Never rejects. Aborting `signal` closes the connection, so the host aborts the call and its /v1 request.
async function post(fetchImpl: typeof fetch, verb: Verb, input: unknown, signal?: AbortSignal): Promise<Result<unknown>> {
  const cancelled: Result<unknown> = { ok: false, error: { code: 'cancelled', message: CANCELLED_MESSAGE } };
  let res: Response;
  try {
    res = await fetchImpl(`${BRIDGE_PATH}/${verb}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [BRIDGE_HEADER]: '1' },
      body: JSON.stringify(input ?? {}),
      ...(signal ? { signal } : {}),
    });
  } catch {
    return signal?.aborted ? cancelled : { ok: false, error: lostHost };
  }
  let body: unknown;
  try {
    // A result holding bytes (the map's Arrow streams) comes as one binary body; everything else, errors too, as JSON.
    const binary = res.headers.get('content-type')?.startsWith(BINARY_RESULT_TYPE) ?? false;
    body = binary ? decodeBinaryResult(await res.arrayBuffer()) : await res.json();
  } catch {
    if (signal?.aborted) return cancelled;
    body = undefined;
  }
  if (isResult(body)) return body;
  return {
    ok: false,
    error: { code: 'internal', message: `Unexpected reply from the Gridscope host (HTTP ${res.status}).`, status: res.status },
  };
}

type AnyVerbFn = (input: unknown, options?: BridgeCallOptions) => Promise<Result<unknown>>;

/** The renderer's only way out under the web host: `POST /bridge/<verb>` per contract verb; never sees an API key. */
export function createHttpBridge(fetchImpl: typeof fetch = (...args) => fetch(...args)): GridscopeApi {
  const api: Partial<Record<Verb, AnyVerbFn>> = {};
  for (const verb of VERBS) api[verb] = (input, options) => post(fetchImpl, verb, input, options?.signal);
  return api as GridscopeApi;
}

const CANCELLABLE: ReadonlySet<Verb> = new Set(
  VERBS.filter((verb) => {
    const schema = contractInputs[verb] as { shape?: Record<string, unknown> };
    return verb !== 'requests:cancel' && schema.shape !== undefined && 'requestId' in schema.shape;
  }),
);

/**
 * Wraps the preload's verbs so only the input crosses `contextBridge` (an AbortSignal cannot be cloned there).
 * Aborting `options.signal` on a data verb sends `requests:cancel` for the call's `requestId` (the caller's or a fresh one).
 */
export function fromPreload(exposed: GridscopeApi): GridscopeApi {
  const api: Partial<Record<Verb, AnyVerbFn>> = {};
  const cancel = exposed['requests:cancel'] as AnyVerbFn;
  for (const verb of VERBS) {
    const call = exposed[verb] as AnyVerbFn;
    api[verb] = async (input, options) => {
      const signal = options?.signal;
      if (!signal || !CANCELLABLE.has(verb)) return call(input);
      if (signal.aborted) return { ok: false, error: { code: 'cancelled', message: CANCELLED_MESSAGE } };
      const given = (input ?? {}) as { requestId?: string };
      const requestId = given.requestId ?? newRequestId();
      const onAbort = () => void cancel({ requestId }).catch(() => undefined);
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        return await call({ ...given, requestId });
      } finally {
        signal.removeEventListener('abort', onAbort);
        if (given.requestId === undefined) releaseRequestId(requestId);
      }
    };
  }
  return api as GridscopeApi;
}

let cached: GridscopeApi | undefined;

/** Returns the Electron preload's `window.gridscope` (via {@link fromPreload}) when present, else the web host's HTTP client. */
export function getBridge(): GridscopeApi {
  if (typeof window !== 'undefined' && window.gridscope) cached ??= fromPreload(window.gridscope);
  else cached ??= createHttpBridge();
  return cached;
}
