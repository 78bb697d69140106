import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_DATA_DIR, createServer, type ServerOptions } from '../app.js';

/**
 * Test helpers (not a test file): temporary folders, a server on a private cache folder, and an
 * independent count of a source file's data rows. Never touches the user's cache.
 */

/** The key every test server accepts. */
export const TEST_KEY = 'test-key-0123456789';
/** A key the test servers list as revoked. */
export const REVOKED_KEY = 'revoked-key-0123456789';

/** A fresh temporary folder; remove it with `rm(dir, { recursive: true, force: true })`. */
export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `gridscope-${prefix}-`));
}

/** A server with {@link TEST_KEY} valid and {@link REVOKED_KEY} revoked, its cache in a new temp folder. */
export async function startTestServer(
  options: Partial<ServerOptions> = {},
): Promise<{ app: FastifyInstance; cacheDir: string; close: () => Promise<void> }> {
  const cacheDir = options.cacheDir ?? (await tempDir('cache'));
  const app = await createServer({
    apiKeys: [TEST_KEY, REVOKED_KEY],
    revokedKeys: [REVOKED_KEY],
    ...options,
    cacheDir,
  });
  return {
    app,
    cacheDir,
    close: async () => {
      await app.close();
      await rm(cacheDir, { recursive: true, force: true });
    },
  };
}

/** Absolute path of a file in the repository's data folder. */
export const dataFile = (relative: string): string => path.join(DEFAULT_DATA_DIR, relative);

/**
 * Data rows of a CSV source as `wc -l` would count them, corrected for what wc misses or adds:
 * lines (including a last line without a newline) that are not blank, minus the one header line.
 */
export async function csvDataRows(relative: string): Promise<number> {
  const text = await readFile(dataFile(relative), 'utf8');
  return text.split(/\r?\n/).filter((line) => line.trim().length > 0).length - 1;
}

/** The rows of a CSV source without quotes handling beyond stripping `"` (for simple MIS files). */
export async function csvRecords(relative: string): Promise<string[][]> {
  const text = await readFile(dataFile(relative), 'utf8');
  const lines = text.split(/\r?\n/).filter((line) => line.trim().length > 0);
  return lines.slice(1).map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
}
