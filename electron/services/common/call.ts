/**
 * What a transport knows about one bridge call: `signal` aborts it (the verb then answers `cancelled`) when the caller
 * is gone (web host: the browser closed; docs/desktop.md#retries-timeouts-and-cancellation).
 */
export interface CallContext {
  signal?: AbortSignal;
}
