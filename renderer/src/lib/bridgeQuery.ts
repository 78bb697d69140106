import type { BridgeCallOptions, ContractResults, GridscopeApi, Verb, VerbInput } from '../../../shared/bridge/contract.js';
import type { ErrorCode, GsError } from '../../../shared/errors.js';
import { LOST_HOST_MESSAGE } from '../bridge.js';
import { retryHelps } from '../components/errorText.js';

/** A failed bridge call as a thrown value, so TanStack Query's `error` carries the {@link GsError}. */
export class BridgeError extends Error {
  readonly gs: GsError;
  constructor(gs: GsError) {
    super(gs.message);
    this.name = 'BridgeError';
    this.gs = gs;
  }
  get code(): ErrorCode {
    return this.gs.code;
  }
}

/** Turns anything thrown into a {@link GsError} for display; unknown throws become `internal`. */
export function toGsError(err: unknown): GsError {
  if (err instanceof BridgeError) return err.gs;
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message };
}

/** Calls one verb and returns its value; throws {@link BridgeError} (`network` if the transport rejects, `cancelled` on abort). */
export async function callBridge<V extends Verb>(
  api: GridscopeApi,
  verb: V,
  input: VerbInput<V>,
  options?: BridgeCallOptions,
): Promise<ContractResults[V]> {
  let result;
  try {
    result = await (options ? api[verb](input, options) : api[verb](input));
  } catch {
    throw new BridgeError({ code: 'network', message: LOST_HOST_MESSAGE });
  }
  if (!result.ok) throw new BridgeError(result.error);
  return result.value;
}

/**
 * TanStack `retry`: once, and only when the host process itself did not answer. Main's proxy has already retried every
 * /v1 failure worth it within its budget (docs/desktop.md#retries-timeouts-and-cancellation): asking again would double
 * the time its "Gave up after N attempts over S s" states. Errors the user must fix are never retried (`retryHelps`).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!(error instanceof BridgeError) || error.gs.message !== LOST_HOST_MESSAGE) return false;
  return retryHelps(error.gs) && failureCount < 1;
}
