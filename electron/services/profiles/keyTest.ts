import { ClientApiUsage } from '../../../shared/index.js';
import type { ConnectionTest } from '../../../shared/index.js';
import type { V1Proxy } from '../v1/proxy.js';

/** A key test gives up after this long (ms): Settings waits on it. */
const KEY_TEST_TIMEOUT_MS = 10_000;

/**
 * Tries the Remote key with one uncached `GET /api_usage` (needs a key, counts towards no quota: docs/api.md#api-usage).
 * `accepted` on 200; `rejected` on 401/403 or no key; `unreachable` without an answer; else `error`. Never throws.
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
    return {
      state: 'rejected',
      message: `The server rejected the key${status ? ` (${status})` : ''}: check that it was copied whole.`,
      ...at,
      checkedAt,
    };
  }
  if (code === 'network' && status === undefined)
    return { state: 'unreachable', message: `No answer from the Remote server: ${message}`, checkedAt };
  return { state: 'error', message: `The test call failed: ${message}`, ...at, checkedAt };
}
