import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultConfigDir } from '../services/index.js';
import { DEFAULT_RENDERER_DIR, startWebHost } from './server.js';

// `npm run web -- --port 5178` prints exactly `Gridscope at http://127.0.0.1:<port>/?token=<token>` once listening (e2e parse
// it). Env: GRIDSCOPE_CONFIG_DIR, GRIDSCOPE_CACHE_DIR, GRIDSCOPE_DOWNLOADS_DIR, GRIDSCOPE_EMBEDDED_API_KEY, GRIDSCOPE_EMBEDDED_PLAN;
// tests only: GRIDSCOPE_TEST_CONVERSION_GATE (conversionGate.ts). Startup failure: exit 1.

const DEFAULT_PORT = 5178;

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be an integer 0..65535 (got "${raw}")`);
    process.exit(1);
  }
  return port;
}

function appVersion(): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version?: string };
    return pkg.version;
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string' }, renderer: { type: 'string' } }, allowPositionals: false });
  const port = parsePort(values.port);
  const rendererDir = values.renderer ? resolve(values.renderer) : DEFAULT_RENDERER_DIR;
  if (!existsSync(join(rendererDir, 'index.html'))) {
    console.error('Renderer not built: run `npm run build:renderer`');
    process.exit(1);
  }
  const version = appVersion();
  let host;
  try {
    host = await startWebHost({
      port,
      host: '127.0.0.1',
      configDir: defaultConfigDir(),
      rendererDir,
      ...(version ? { appVersion: version } : {}),
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${port} is in use: pass --port 0 or another port.`
        : `Could not start the web host: ${String(err)}`,
    );
    process.exit(1);
  }
  console.log(`Gridscope at ${host.startUrl}`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    host.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`Error while closing: ${String(err)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
