import { existsSync } from 'node:fs';
import http from 'node:http';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { ConstraintStore } from '../../server/data/constraints/store.js';
import { REPOSITORY_DATA_DIR } from '../../server/data/constraints/registry.js';
import { SCALED_DATASET, generateScaledDatabase } from '../../server/data/synthetic/scale.js';
import { installErrorHandlers } from '../../server/errors.js';
import { constraintRoutes } from '../../server/routes/constraints.js';
import { tempDir } from '../../server/test-support/testing.js';

/** Command-line options after the benchmark name: `--file <path>`, `--keep`, `--runs <n>` (bench/README.md). */
export function benchArgs(): { file?: string; keep: boolean; runs: number } {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: { file: { type: 'string' }, keep: { type: 'boolean', default: false }, runs: { type: 'string', default: '30' } },
    strict: true,
  });
  return { file: values.file, keep: values.keep, runs: Number(values.runs) };
}

/** The `--scale` database (generated unless `file` exists) with the constraint routes on 127.0.0.1; throws on a stale `file`. */
export async function scaledServer(file?: string, keep = false) {
  let dir: string | undefined;
  let target = file;
  if (!target || !existsSync(target)) {
    dir = file ? undefined : await tempDir('bench-scale');
    target = file ?? path.join(dir!, 'scaled.duckdb');
    const started = performance.now();
    const summary = await generateScaledDatabase({ file: target, dataDir: REPOSITORY_DATA_DIR });
    process.stderr.write(`generated ${JSON.stringify(summary)} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
  const store = await ConstraintStore.open({ path: target });
  if (!store.config(SCALED_DATASET.dataset_id)) {
    store.close();
    throw new Error(
      `${target} has no ${SCALED_DATASET.dataset_id} dataset (written by an older generator?): delete it or name another --file`,
    );
  }
  const app: FastifyInstance = Fastify();
  installErrorHandlers(app);
  await app.register(constraintRoutes, { prefix: '/v1', constraints: store });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    store,
    file: target,
    get: (url: string) =>
      new Promise<Buffer>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: url, agent }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              res.statusCode === 200
                ? resolve(Buffer.concat(chunks))
                : reject(new Error(`HTTP ${res.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 300)}`)),
            );
          })
          .on('error', reject);
      }),
    close: async () => {
      agent.destroy();
      await app.close();
      store.close();
      if (dir && !keep) await rm(dir, { recursive: true, force: true });
      else if (dir) process.stderr.write(`kept ${target}\n`);
    },
  };
}

/** Milliseconds of each of `runs` calls of `work`, after `warmup` untimed calls. */
export async function timeRuns(work: () => Promise<unknown>, runs: number, warmup = 3): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** The q-quantile (0..1) of samples, nearest rank, rounded to 0.1 ms. */
export function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  return Math.round(value * 10) / 10;
}
