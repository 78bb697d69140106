import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { HttpError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** SHA-256 hex of the caller's key once authenticated, else null. */
    apiKeyId: string | null;
    /** Data rows this response returns, set by the route for usage accounting. */
    rowsReturned: number;
  }
}

/** Outcome of {@link KeyRing.check}. */
export type KeyStatus = 'valid' | 'unknown' | 'revoked';

/** Exact 401 detail texts (docs/api.md#authentication). */
export const AUTH_MESSAGES = { missing: 'API key is required.', invalid: 'Invalid API key.' } as const;

const digest = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();

/** Visits every digest, without stopping at the first match, so timing does not reveal which key matched. */
function contains(digests: readonly Buffer[], candidate: Buffer): boolean {
  let found = false;
  for (const known of digests) found = timingSafeEqual(known, candidate) || found;
  return found;
}

/** The configured keys, held only as SHA-256 digests; a revoked key is invalid even if also listed as valid. */
export class KeyRing {
  private readonly valid: Buffer[];
  private readonly revoked: Buffer[];

  constructor(apiKeys: readonly string[], revokedKeys: readonly string[] = []) {
    this.valid = apiKeys.filter((k) => k.length > 0).map(digest);
    this.revoked = revokedKeys.filter((k) => k.length > 0).map(digest);
  }

  /** Checks a presented key; `keyId` is its SHA-256 hex (the id usage is counted under). */
  check(candidate: string): { status: KeyStatus; keyId: string } {
    const hashed = digest(candidate);
    const revoked = contains(this.revoked, hashed);
    const valid = contains(this.valid, hashed);
    return { status: revoked ? 'revoked' : valid ? 'valid' : 'unknown', keyId: hashed.toString('hex') };
  }
}

/** The presented key: header `x-api-key`, else query `api_key`; `undefined` when neither is a non-empty string. */
export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.length > 0) return header;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const fromQuery = query.api_key;
  if (typeof fromQuery === 'string' && fromQuery.length > 0) return fromQuery;
  if (Array.isArray(header) || Array.isArray(fromQuery)) return ''; // repeated: present but never valid
  return undefined;
}

/** onRequest hook: sets `request.apiKeyId` or throws HttpError 401, before validation so a bad key wins over a bad parameter. */
export function authenticate(keys: KeyRing): onRequestHookHandler {
  return async (request) => {
    const key = presentedKey(request);
    if (key === undefined) throw new HttpError(401, AUTH_MESSAGES.missing);
    const { status, keyId } = keys.check(key);
    if (status !== 'valid') throw new HttpError(401, AUTH_MESSAGES.invalid);
    request.apiKeyId = keyId;
  };
}
