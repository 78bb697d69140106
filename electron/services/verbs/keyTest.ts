import { ClientApiUsage } from '../../../shared/index.js';
import type { ConnectionTest } from '../../../shared/index.js';
import type { V1Proxy } from '../v1/proxy.js';

/** A key test gives up after this long (ms): Settings waits on it. */
const KEY_TEST_TIMEOUT_MS = 10_000;

/**
 * Tries the stored Remote key with one `GET /api_usage` against the Remote URL, whichever profile is
 * active: that endpoint needs a valid key and counts towards no quota (docs/api.md#api-usage). One
 * attempt, no cache. Never throws.
 * @returns `accepted` on 200; `rejected` on 401/403 or when no key is stored; `unreachable` when
 *   the server did not answer; `error` for any other answer (its message says which).
 */
export async function testRemoteKey(proxy: V1Proxy, now: () => number = Date.now): Promise<ConnectionTest> {
  const result = await proxy.get('/api_usage', {}, ClientApiUsage, {
    profile: 'remote',
    cache: false,
    timeoutMs: KEY_TEST_TIMEOUT_MS,
    retry: { maxAttempts: 1 },
  });
  const checkedAt = now();
  if (result.ok) return { state: 'accepted', message: 'The server accepted the key.', status: 200, checkedAt };
  const { code, message, status } = result.error;
  const at = status === undefined ? {} : { status };
  if (code === 'auth' || code === 'forbidden') {
    return { state: 'rejected', message: `The server rejected the key${status ? ` (${status})` : ''}: check that it was copied whole.`, ...at, checkedAt };
  }
  if (code === 'network' && status === undefined) return { state: 'unreachable', message: `No answer from the Remote server: ${message}`, checkedAt };
  return { state: 'error', message: `The test call failed: ${message}`, ...at, checkedAt };
}
