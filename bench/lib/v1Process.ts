import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { createFileVault, createServices } from '../../electron/services/index.js';
import type { Services, ServicesOptions } from '../../electron/services/index.js';

/** A /v1 server process started by {@link startV1Process}. */
export interface V1Process {
  /** `http://127.0.0.1:<port>`; the API is under `/v1`. */
  origin: string;
  /** Seconds the process took to build the synthetic dataset and listen. */
  buildSeconds: number;
  /** GET one of its `/bench/…` routes: `first-page` → `{ url }`, `cpu` → `{ cpuSeconds }`. */
  get<T>(route: string): Promise<T>;
  /** Ends the process (it closes its server and removes its cache). */
  close(): Promise<void>;
}

/**
 * Starts `bench/lib/v1Server.ts` in a child process with the synthetic dataset `dataset` of `rows` rows; with `key`, as
 * the whole /v1 service accepting that key. @throws when the process exits before it listens.
 */
export async function startV1Process(options: { dataset: string; rows: number; key?: string }): Promise<V1Process> {
  const args = ['--dataset', options.dataset, '--rows', String(options.rows), ...(options.key ? ['--key', options.key] : [])];
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./v1Server.ts', import.meta.url)), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the bench /v1 server exited (${String(code)}) before it listened`);
  });
  const [line] = (await Promise.race([once(createInterface({ input: child.stdout! }), 'line'), exited])) as [string];
  exited.catch(() => undefined);
  const { origin, buildSeconds } = JSON.parse(line) as { origin: string; buildSeconds: number };
  return {
    origin,
    buildSeconds,
    get: async <T>(route: string): Promise<T> => (await (await request(`${origin}${route}`)).body.json()) as T,
    close: async () => {
      if (child.exitCode !== null) return;
      const gone = once(child, 'exit');
      child.stdin!.end();
      await gone;
    },
  };
}

/**
 * Main's real services (web-host flavour, config in `dir`) with the /v1 server at `origin` as the Embedded profile,
 * reached with `apiKey`; `extra` adds options such as `onPullProgress`.
 */
export function benchServices(dir: string, origin: string, apiKey: string, extra: Partial<ServicesOptions> = {}): Services {
  return createServices({
    configDir: dir,
    vault: createFileVault(dir),
    host: 'web',
    versions: {},
    embedded: { factory: async () => ({ listen: async () => origin, close: async () => undefined }), apiKey },
    ...extra,
  });
}
