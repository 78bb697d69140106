import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer } from './app.js';
import { keysFromEnv, parseCli, type CliOptions } from './cli-args.js';

/**
 * `npm run serve`: prints the service URL and, without env `GRIDSCOPE_API_KEYS`, a key generated for this run (the one
 * place a key is printed: the operator asked for it). Bad arguments exit 2; SIGINT/SIGTERM close the server first.
 */

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  const configured = keysFromEnv(process.env);
  const generated = configured.length === 0 ? randomBytes(24).toString('base64url') : undefined;
  const app = await createServer({
    apiKeys: generated ? [generated] : configured,
    plan: options.plan,
    queryTimeoutMs: options.queryTimeoutSeconds === undefined ? undefined : options.queryTimeoutSeconds * 1000,
  });
  await app.listen({ host: options.host, port: options.port });
  const { port } = app.server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  process.stdout.write(`Gridscope /v1 service at http://${host}:${port}/v1\n`);
  if (generated) process.stdout.write(`API key: ${generated}\n`);

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`Gridscope /v1 service failed to start: ${(error as Error).message ?? String(error)}\n`);
  process.exit(1);
});
