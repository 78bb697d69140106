import { parseArgs } from 'node:util';
import { DEFAULT_PLAN_NAME, PLAN_NAMES } from './plans/index.js';

const USAGE = `usage: npm run serve -- [--port 8787] [--host 127.0.0.1] [--plan ${PLAN_NAMES.join('|')}] [--query-timeout 30]`;

/** Parsed command line of `npm run serve`. */
export interface CliOptions {
  host: string;
  /** 0 = any free port. */
  port: number;
  plan: string;
  /** `--query-timeout`; undefined = the server's default (server/query/guard.ts). */
  queryTimeoutSeconds?: number;
}

/** Parses the arguments. @throws Error with the usage text for a bad port, unknown plan or option, or a bad `--query-timeout`. */
export function parseCli(args: string[]): CliOptions {
  let values: { port: string; host: string; plan: string; 'query-timeout'?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        port: { type: 'string', default: '8787' },
        host: { type: 'string', default: '127.0.0.1' },
        plan: { type: 'string', default: DEFAULT_PLAN_NAME },
        'query-timeout': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) throw new Error(`invalid --port ${values.port}\n${USAGE}`);
  if (!PLAN_NAMES.includes(values.plan)) {
    throw new Error(`unknown --plan ${values.plan} (configured: ${PLAN_NAMES.join(', ')})\n${USAGE}`);
  }
  const options: CliOptions = { host: values.host, port, plan: values.plan };
  const timeout = values['query-timeout'];
  if (timeout !== undefined) {
    const seconds = Number(timeout);
    if (!/^\d+(\.\d+)?$/.test(timeout) || !(seconds > 0)) {
      throw new Error(`invalid --query-timeout ${timeout} (a positive number of seconds)\n${USAGE}`);
    }
    options.queryTimeoutSeconds = seconds;
  }
  return options;
}

/** Keys from env `GRIDSCOPE_API_KEYS` (comma-separated, blanks dropped); empty when unset. */
export function keysFromEnv(env: NodeJS.ProcessEnv): string[] {
  return (env.GRIDSCOPE_API_KEYS ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key.length > 0);
}
