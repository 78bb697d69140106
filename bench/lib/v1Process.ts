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
  /** POST to one of its `/bench/…` routes: `record?url=…` → `{ pages, bytes }`. */
  post<T>(route: string): Promise<T>;
  /** Ends the process (it closes its server and removes its cache). */
  close(): Promise<void>;
}

/**
 * Starts `bench/lib/v1Server.ts` in a child process with the synthetic dataset `dataset` of `rows` rows; with `key`, as
 * the whole /v1 service accepting that key. @throws when the process exits before it listens.
 */
export async function startV1Process(options: { dataset: string; rows: number; key?: string }): Promise<V1Process> {
  const args = ['--dataset', options.dataset, '--rows', String(options.rows), ...(options.key ? ['--key', options.key] : [])];
  const { origin, buildSeconds, get, post, close } = await spawnBenchServer<{ buildSeconds: number }>('./v1Server.ts', args);
  return { origin, buildSeconds, get, post, close };
}

/** What `bench/lib/gridV1Server.ts` reports: seconds spent generating the database (0 when reused) and its summary. */
export interface ScaledV1Process extends Omit<V1Process, 'buildSeconds'> {
  generateSeconds: number;
  /** The generator's {@link import('../../server/data/synthetic/scale.js').ScaleSummary}, null when the file existed. */
  summary: { start_utc: string; end_utc: string; binding_rows: number; outage_tickets: number } | null;
  /** The dataset's first interval start and last interval end (ISO, UTC). */
  window: { start: string; end: string };
}

/**
 * Starts `bench/lib/gridV1Server.ts`: the constraint and outage routes over the SYNTHETIC `--scale` database `file`
 * (generated with `sizes` when missing; a temporary one without `file`). @throws when the process exits before it listens.
 */
export async function startScaledV1Process(options: {
  file?: string;
  sizes: { days: number; binding: number; constraints: number; tickets: number };
  /** Thin the generated binding rows to one interval per constraint and day (bench/lib/gridV1Server.ts). */
  dailyBinding?: boolean;
}): Promise<ScaledV1Process> {
  const { sizes } = options;
  const args = [
    ...(options.file ? ['--file', options.file] : []),
    ...(options.dailyBinding ? ['--daily-binding'] : []),
    ...['--days', String(sizes.days), '--binding', String(sizes.binding)],
    ...['--constraints', String(sizes.constraints), '--tickets', String(sizes.tickets)],
  ];
  return spawnBenchServer<Pick<ScaledV1Process, 'generateSeconds' | 'summary' | 'window'>>('./gridV1Server.ts', args);
}

// Runs a bench server script (relative to this folder) under tsx and reads its first stdout line, a JSON object with
// at least `origin`; the child ends when its stdin closes.
async function spawnBenchServer<T>(script: string, args: string[]): Promise<T & Omit<V1Process, 'buildSeconds'>> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url)), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the bench /v1 server exited (${String(code)}) before it listened`);
  });
  const [line] = (await Promise.race([once(createInterface({ input: child.stdout! }), 'line'), exited])) as [string];
  exited.catch(() => undefined);
  const reported = JSON.parse(line) as T & { origin: string };
  const origin = reported.origin;
  return {
    ...reported,
    get: async <R>(route: string): Promise<R> => (await (await request(`${origin}${route}`)).body.json()) as R,
    post: async <R>(route: string): Promise<R> => {
      const res = await request(`${origin}${route}`, { method: 'POST' });
      if (res.statusCode !== 200) throw new Error(`POST ${route}: HTTP ${res.statusCode}: ${await res.body.text()}`);
      return (await res.body.json()) as R;
    },
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
