import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_DATA_DIR, createServer, type ServerOptions } from '../app.js';

/** The key every test server accepts ({@link REVOKED_KEY} is listed as revoked). */
export const TEST_KEY = 'test-key-0123456789';
export const REVOKED_KEY = 'revoked-key-0123456789';

export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `gridscope-${prefix}-`));
}

/** A server with the test keys, its cache in a new temp folder (never the user's). */
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

export const dataFile = (relative: string): string => path.join(DEFAULT_DATA_DIR, relative);

/** Data rows of a CSV source counted without DuckDB: non-blank lines (a last one without newline too) minus the header. */
export async function csvDataRows(relative: string): Promise<number> {
  const text = await readFile(dataFile(relative), 'utf8');
  return text.split(/\r?\n/).filter((line) => line.trim().length > 0).length - 1;
}

/** The rows of a CSV source, quotes only stripped (simple MIS files). */
export async function csvRecords(relative: string): Promise<string[][]> {
  const text = await readFile(dataFile(relative), 'utf8');
  const lines = text.split(/\r?\n/).filter((line) => line.trim().length > 0);
  return lines.slice(1).map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
}
