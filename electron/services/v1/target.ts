import { fail, ok } from '../../../shared/index.js';
import type { ProfileName, Result } from '../../../shared/index.js';
import { joinUrl, type QueryValue } from './joinUrl.js';
import { NO_REMOTE_KEY_MESSAGE, scrub } from './proxyErrors.js';
import { TargetUnavailableError, type ProxyOptions, type ProxyTarget } from './proxyTypes.js';

/** Where a /v1 request goes and how it is asked: the target of the profile, its URL, and the request's headers. */

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A header's value, repeated values joined with commas. */
export const headerText = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v.join(',') : v);

/**
 * `accept-encoding` of a request: `identity` to the embedded service on loopback (compressing there costs CPU on both
 * ends and saves no time), else `br, gzip`.
 */
export function acceptEncoding(target: Pick<ProxyTarget, 'profile'>, url: URL): string {
  return target.profile === 'embedded' && LOOPBACK.has(url.hostname) ? 'identity' : 'br, gzip';
}

/** The headers of every /v1 request: the key (added here and only here), JSON, the encodings `acceptEncoding` allows. */
export function requestHeaders(target: ProxyTarget, url: URL): Record<string, string> {
  return {
    'x-api-key': target.key,
    accept: 'application/json',
    'accept-encoding': acceptEncoding(target, url),
    'user-agent': 'Gridscope',
  };
}

/** The query's set values as strings (null and undefined dropped), as they go into the URL and the cache key. */
export function queryStrings(query: Record<string, QueryValue>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, String(v)]])));
}

/**
 * The target of `profile` (the active one when undefined) and the URL of `path` with `query` on it. Errors, messages
 * scrubbed of the key: `auth` when the Remote profile has no key, the {@link TargetUnavailableError}'s code, `internal`
 * when choosing the server or building the URL failed.
 */
export async function resolveRequest(
  resolveTarget: ProxyOptions['resolveTarget'],
  path: string,
  query: Record<string, QueryValue>,
  profile?: ProfileName,
): Promise<Result<{ target: ProxyTarget; url: URL }>> {
  let target: ProxyTarget | null;
  try {
    target = await resolveTarget(profile);
  } catch (err) {
    if (err instanceof TargetUnavailableError) return fail(err.code, scrub(err.message));
    return fail('internal', `Could not choose a /v1 server: ${scrub(err instanceof Error ? err.message : String(err))}`);
  }
  if (!target) return fail('auth', NO_REMOTE_KEY_MESSAGE);
  try {
    return ok({ target, url: joinUrl(target.baseUrl, path, query) });
  } catch (err) {
    return fail('internal', scrub(err instanceof Error ? err.message : String(err), target.key));
  }
}
