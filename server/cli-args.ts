import { parseArgs } from 'node:util';

/** Command-line and environment parsing of cli.ts, kept apart so it can be tested without starting a server. */

const USAGE = 'usage: npm run serve -- [--port 8787] [--host 127.0.0.1]';

/** Parsed command line: host and port (0 = any free port). @throws Error with a usage message. */
export function parseCli(args: string[]): { host: string; port: number } {
  let values: { port: string; host: string };
  try {
    ({ values } = parseArgs({
      args,
      options: { port: { type: 'string', default: '8787' }, host: { type: 'string', default: '127.0.0.1' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) throw new Error(`invalid --port ${values.port}\n${USAGE}`);
  return { host: values.host, port };
}

/** Keys from env `GRIDSCOPE_API_KEYS` (comma-separated, blanks dropped); empty when unset. */
export function keysFromEnv(env: NodeJS.ProcessEnv): string[] {
  return (env.GRIDSCOPE_API_KEYS ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key.length > 0);
}
