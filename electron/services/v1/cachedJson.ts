import type { z } from 'zod';
import { fail, ok } from '../../../shared/index.js';
import type { ProfileName, Result } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import type { QueryValue } from './joinUrl.js';
import { scrub } from './proxyErrors.js';
import type { GetOptions, ProxyTarget, WithMeta } from './proxyTypes.js';
import { cacheKey, type ResponseCache } from './responseCache.js';
import type { Clock } from './retry.js';
import { queryStrings } from './target.js';

const log = createLogger('proxy');

/** Oldest cached answer served when the server cannot be reached, by default: 30 days. */
export const DEFAULT_MAX_STALE_MS = 30 * 86_400_000;

/**
 * The parsed body of a JSON answer, or `internal` naming `what` when it is not JSON or does not match `schema`
 * (the first three issues, scrubbed of `key`).
 */
export function parseJson<T>(text: string, schema: z.ZodType<T>, what: string, key: string): Result<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail('internal', `The /v1 server sent a response that is not JSON (${what}).`);
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return ok(parsed.data);
  const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
  log.warn(`${what}: response does not match the schema`, issues);
  return fail(
    'internal',
    scrub(`The /v1 server sent a response Gridscope does not understand (${what}): ${issues.join('; ')}`, key),
  );
}

/** One GET's place in the cache (none when not cached) and what was there when it was asked. */
export interface CacheLookup {
  slot?: { profile: ProfileName; key: string; ttlMs: number };
  entry?: { storedAt: number; text: string; synthetic: string[] };
}

/**
 * The proxy's use of the opt-in response cache (docs/desktop.md#the-response-cache): a GET is cached when the target
 * has a lifetime and the call does not opt out; Remote entries are tied to a salted tag of the key (the embedded key
 * changes per run, so its `cacheId` alone ties those). A fresh entry answers at once; an expired one, up to
 * `maxStaleMs` old, only when the server cannot be reached. Entries written before synthetic fields were kept are unused.
 */
export class CachedJson {
  constructor(
    private readonly cache: ResponseCache | undefined,
    private readonly clock: Clock,
    private readonly maxStaleMs = DEFAULT_MAX_STALE_MS,
  ) {}

  /** Where this GET is cached and the entry found there. Never throws: a cache without a usable salt is not used. */
  async lookup(target: ProxyTarget, path: string, query: Record<string, QueryValue>, o: GetOptions): Promise<CacheLookup> {
    const ttlMs = (target.cacheTtlSeconds ?? 0) * 1000;
    if (!this.cache || o.cache === false || ttlMs <= 0) return {};
    let tag: string | undefined;
    if (!target.cacheId) {
      tag = await this.cache.credentialTag(target.key).catch((err: unknown) => {
        log.warn('the response cache has no usable salt; not caching', err);
        return undefined;
      });
      if (tag === undefined) return {};
    }
    const profile = target.profile ?? 'remote';
    const key = cacheKey(profile, target.cacheId ?? target.baseUrl, path, queryStrings(query), tag);
    const read = await this.cache.read(profile, key);
    // An entry without its synthetic fields could hide that a body is synthetic.
    const entry = read?.synthetic ? { ...read, synthetic: read.synthetic } : undefined;
    return { slot: { profile, key, ttlMs }, ...(entry ? { entry } : {}) };
  }

  /** The entry's answer while it is fresh and still parses. */
  fresh<T>(found: CacheLookup, schema: z.ZodType<T>, what: string, key: string): WithMeta<T> | undefined {
    if (!found.slot || !found.entry || this.clock.now() - found.entry.storedAt > found.slot.ttlMs) return undefined;
    const hit = parseJson(found.entry.text, schema, what, key);
    if (!hit.ok) return undefined;
    log.debug(`${what}: served from the cache`);
    return { body: hit.value, synthetic: found.entry.synthetic };
  }

  /** The entry's answer when the server could not be reached: an expired entry beats no answer, up to `maxStaleMs`. */
  stale<T>(found: CacheLookup, schema: z.ZodType<T>, what: string, key: string): WithMeta<T> | undefined {
    if (!found.entry || this.clock.now() - found.entry.storedAt > this.maxStaleMs) return undefined;
    const old = parseJson(found.entry.text, schema, what, key);
    if (!old.ok) return undefined;
    log.warn(`${what}: server unreachable; serving a cached response from ${new Date(found.entry.storedAt).toISOString()}`);
    return { body: old.value, synthetic: found.entry.synthetic };
  }

  /** Stores a fresh answer in its slot (nothing when the GET is not cached); a cache failure is the cache's to log. */
  async store(found: CacheLookup, path: string, text: string, synthetic: readonly string[]): Promise<void> {
    if (found.slot) await this.cache?.write(found.slot.profile, found.slot.key, path, text, [...synthetic]);
  }
}
