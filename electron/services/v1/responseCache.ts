import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProfileName } from '../../../shared/index.js';
import { writeFileAtomic } from '../common/fsutil.js';
import { createLogger } from '../common/logger.js';

/**
 * A cached answer: when it was stored (epoch ms), the decoded body, and the fields its `x-gridscope-synthetic` header
 * named (docs/desktop.md#the-response-cache); `synthetic` is undefined for an entry written before the header was kept.
 */
export interface CacheEntry {
  storedAt: number;
  text: string;
  synthetic?: string[];
}

export interface ResponseCache {
  read(profile: ProfileName, key: string): Promise<CacheEntry | undefined>;
  /** Stores `text` with its `synthetic` fields; a body over the entry cap is skipped. Never throws (a cache failure is logged). */
  write(profile: ProfileName, key: string, path: string, text: string, synthetic?: readonly string[]): Promise<void>;
  /** Deletes the entries of one profile, or all, and counts them; the salt stays. */
  clear(profile?: ProfileName): Promise<number>;
  /** Hex HMAC-SHA256 of `apiKey` under this install's salt, stable across restarts. @throws when the salt file fails. */
  credentialTag(apiKey: string): Promise<string>;
}

export interface ResponseCacheOptions {
  dir: string;
  now?: () => number;
  /** Largest body stored, in bytes (default 32 MiB). */
  maxEntryBytes?: number;
  /** Total size kept; the oldest entries go first (default 512 MiB). */
  maxTotalBytes?: number;
}

const log = createLogger('cache');
const PROFILES: ProfileName[] = ['embedded', 'remote'];
const KEY_PATTERN = /^[0-9a-f]{64}$/;

/** sha256 of profile, base, path, sorted query and the key's `credentialTag`, so no answer is served for another key. */
export function cacheKey(
  profile: ProfileName,
  base: string,
  path: string,
  query: Record<string, string>,
  credentialTag?: string,
): string {
  const sorted = Object.entries(query).sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1));
  const parts: unknown[] = [profile, base, path, sorted];
  if (credentialTag !== undefined) parts.push(credentialTag);
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Opt-in on-disk cache of /v1 GETs (dirs 0700, files 0600); freshness is the caller's (docs/desktop.md#the-response-cache). */
export function createResponseCache(opts: ResponseCacheOptions): ResponseCache {
  const now = opts.now ?? Date.now;
  const maxEntry = opts.maxEntryBytes ?? 32 * 1024 * 1024;
  const maxTotal = opts.maxTotalBytes ?? 512 * 1024 * 1024;
  const fileOf = (profile: ProfileName, key: string): string => {
    if (!KEY_PATTERN.test(key) || !PROFILES.includes(profile)) throw new Error('invalid cache key');
    return join(opts.dir, profile, `${key}.json`);
  };

  // Created once with `wx`, so two writers agree on the salt.
  let salt: Promise<Buffer> | undefined;
  const saltFile = join(opts.dir, 'salt');
  async function loadSalt(): Promise<Buffer> {
    const existing = await readFile(saltFile, 'utf8').catch(() => undefined);
    if (existing && /^[0-9a-f]{64}$/.test(existing.trim())) return Buffer.from(existing.trim(), 'hex');
    await mkdir(opts.dir, { recursive: true, mode: 0o700 });
    const fresh = randomBytes(32).toString('hex');
    try {
      await writeFile(saltFile, fresh, { mode: 0o600, flag: existing === undefined ? 'wx' : 'w' });
      return Buffer.from(fresh, 'hex');
    } catch (err) {
      const raced = await readFile(saltFile, 'utf8').catch(() => undefined);
      if (raced && /^[0-9a-f]{64}$/.test(raced.trim())) return Buffer.from(raced.trim(), 'hex');
      throw err;
    }
  }

  async function prune(): Promise<void> {
    const files: { file: string; size: number; mtime: number }[] = [];
    for (const profile of PROFILES) {
      const dir = join(opts.dir, profile);
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        const info = await stat(join(dir, name)).catch(() => undefined);
        if (info?.isFile()) files.push({ file: join(dir, name), size: info.size, mtime: info.mtimeMs });
      }
    }
    let total = files.reduce((sum, f) => sum + f.size, 0);
    for (const f of files.sort((a, b) => a.mtime - b.mtime)) {
      if (total <= maxTotal) break;
      await rm(f.file, { force: true });
      total -= f.size;
    }
  }

  return {
    async read(profile, key) {
      const file = fileOf(profile, key);
      let raw: string;
      try {
        raw = await readFile(file, 'utf8');
      } catch {
        return undefined;
      }
      const newline = raw.indexOf('\n');
      try {
        const header = JSON.parse(raw.slice(0, newline)) as { v?: unknown; storedAt?: unknown; synthetic?: unknown };
        if (newline < 0 || header.v !== 1 || typeof header.storedAt !== 'number') throw new Error('bad header');
        const synthetic = Array.isArray(header.synthetic)
          ? header.synthetic.filter((f): f is string => typeof f === 'string')
          : undefined;
        return { storedAt: header.storedAt, text: raw.slice(newline + 1), ...(synthetic ? { synthetic } : {}) };
      } catch {
        log.warn(`dropping an unreadable cache entry ${file}`);
        await rm(file, { force: true });
        return undefined;
      }
    },

    async write(profile, key, path, text, synthetic) {
      if (Buffer.byteLength(text) > maxEntry) return;
      const file = fileOf(profile, key);
      try {
        const header = JSON.stringify({ v: 1, storedAt: now(), path, ...(synthetic ? { synthetic } : {}) });
        await writeFileAtomic(file, `${header}\n${text}`, 0o600);
        await prune();
      } catch (err) {
        log.warn('could not write a cache entry', err);
      }
    },

    async credentialTag(apiKey) {
      salt ??= loadSalt().catch((err: unknown) => {
        salt = undefined;
        throw err;
      });
      return createHmac('sha256', await salt)
        .update(apiKey)
        .digest('hex');
    },

    async clear(profile) {
      let removed = 0;
      for (const p of profile ? [profile] : PROFILES) {
        const dir = join(opts.dir, p);
        removed += (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).length;
        await rm(dir, { recursive: true, force: true });
      }
      return removed;
    },
  };
}
