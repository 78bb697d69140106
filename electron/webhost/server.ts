import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { BRIDGE_HEADER, BRIDGE_PATH, fail } from '../../shared/index.js';
import type { Result } from '../../shared/index.js';
import { CONTENT_SECURITY_POLICY } from '../services/common/csp.js';
import { createFileVault, createLogger, createServices, defaultConfigDir, dispatch } from '../services/index.js';
import type { Services } from '../services/index.js';
import { serveStatic } from './static.js';

/**
 * The web host: the built renderer and the bridge over HTTP on 127.0.0.1, backed by the same
 * services as the desktop app (used by `npm run web` and the Playwright e2e). Bridge calls are
 * `POST /bridge/<verb>` with a JSON body; the answer is always the {@link Result} as JSON. When the
 * browser drops the connection before the answer (a fetch aborted by TanStack Query, a closed
 * tab), the call is aborted: its /v1 request is cancelled and its socket closed.
 */

/** Headers on every response: the renderer may talk only to this origin (CONVENTIONS.md §5). */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/** Largest bridge request body, in bytes. */
export const MAX_BRIDGE_BODY = 1024 * 1024;

/** Default dir of the built renderer: `<repo>/renderer/dist`. */
export const DEFAULT_RENDERER_DIR = resolve(import.meta.dirname, '../../renderer/dist');

export interface WebHostOptions {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Only loopback is supported: the bridge holds the user's key. */
  host?: '127.0.0.1';
  /** Settings and key file dir (default {@link defaultConfigDir}). */
  configDir?: string;
  rendererDir?: string;
  appVersion?: string;
  /** Pre-built services (tests); otherwise built here with a file vault. Disposed by `close()` either way. */
  services?: Services;
}

export interface WebHost {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  port: number;
  services: Services;
  /** Stops listening, drops open connections and disposes the services. */
  close(): Promise<void>;
}

const log = createLogger('webhost');

function sendResult(res: ServerResponse, status: number, result: Result<unknown>): void {
  const body = JSON.stringify(result);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** DNS-rebinding and CSRF guard: Host must be ours; Origin, when sent, too. Returns the reason to refuse, if any. */
function refuse(req: IncomingMessage, port: number, bridge: boolean): string | undefined {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (!hosts.includes((req.headers.host ?? '').toLowerCase())) return 'unexpected Host header';
  if (!bridge) return undefined;
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.map((h) => `http://${h}`).includes(origin.toLowerCase())) return 'foreign Origin';
  if (req.headers['sec-fetch-site'] === 'cross-site') return 'cross-site request';
  if (req.headers[BRIDGE_HEADER] === undefined) return `missing ${BRIDGE_HEADER} header`;
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') return 'content-type must be application/json';
  return undefined;
}

/**
 * Reads the request body up to {@link MAX_BRIDGE_BODY}. Past the limit it answers 'too_large' at
 * once and keeps draining (so the client reads the 413 rather than a reset), cutting off at 16×.
 */
function readBody(req: IncomingMessage): Promise<Buffer | 'too_large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = Number(req.headers['content-length'] ?? 0) > MAX_BRIDGE_BODY;
    if (over) resolve('too_large');
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 16 * MAX_BRIDGE_BODY) req.destroy();
      if (over) return;
      if (size > MAX_BRIDGE_BODY) {
        over = true;
        chunks.length = 0;
        resolve('too_large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Reason of the abort when the browser went away before the answer. */
const CLIENT_GONE = 'the browser closed the bridge connection';

async function handleBridge(req: IncomingMessage, res: ServerResponse, services: Services, verbPart: string): Promise<void> {
  // 'close' also fires after a complete answer; only an early one means the caller is gone.
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableEnded) gone.abort(new Error(CLIENT_GONE));
  });
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    return sendResult(res, 405, fail('validation', 'Bridge calls use POST.'));
  }
  const body = await readBody(req);
  if (body === 'too_large') {
    res.setHeader('connection', 'close');
    sendResult(res, 413, fail('validation', `Bridge request bodies are limited to ${MAX_BRIDGE_BODY} bytes.`));
    return;
  }
  let input: unknown;
  try {
    input = body.length === 0 ? undefined : JSON.parse(body.toString('utf8'));
  } catch {
    return sendResult(res, 400, fail('validation', 'The bridge request body is not valid JSON.'));
  }
  let verb: string;
  try {
    verb = decodeURIComponent(verbPart);
  } catch {
    verb = verbPart;
  }
  const result = await dispatch(services.handlers, verb, input, { signal: gone.signal });
  if (gone.signal.aborted) {
    log.info(`${verb}: ${CLIENT_GONE}; call aborted`);
    return;
  }
  sendResult(res, 200, result);
}

/** Starts the web host; resolves once it listens. Rejects when the port is taken. */
export async function startWebHost(opts: WebHostOptions): Promise<WebHost> {
  const configDir = opts.configDir ?? defaultConfigDir();
  const rendererDir = resolve(opts.rendererDir ?? DEFAULT_RENDERER_DIR);
  const services =
    opts.services ??
    createServices({
      configDir,
      vault: createFileVault(configDir),
      host: 'web',
      versions: { node: process.versions.node, v8: process.versions.v8 },
      ...(opts.appVersion ? { appVersion: opts.appVersion } : {}),
    });
  let port = 0;

  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const bridge = pathname.startsWith(`${BRIDGE_PATH}/`);
    const reason = refuse(req, port, bridge);
    if (reason) {
      log.warn(`refused ${req.method} ${pathname}: ${reason}`);
      return sendResult(res, 403, fail('forbidden', `Refused: ${reason}.`));
    }
    const work = bridge
      ? handleBridge(req, res, services, pathname.slice(BRIDGE_PATH.length + 1))
      : req.method === 'GET' || req.method === 'HEAD'
        ? serveStatic(rendererDir, pathname, req.method === 'HEAD', res)
        : Promise.resolve(void res.writeHead(405, { allow: 'GET, HEAD' }).end());
    work.catch((err: unknown) => {
      log.error(`${req.method} ${pathname} failed`, err);
      if (!res.headersSent) sendResult(res, 500, fail('internal', 'The web host failed to answer.'));
      else res.destroy();
    });
  });

  try {
    await new Promise<void>((ok, reject) => {
      server.once('error', reject);
      server.listen(opts.port, opts.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        ok();
      });
    });
  } catch (err) {
    await services.dispose();
    throw err;
  }
  port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    services,
    close() {
      closing ??= new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }).then(() => services.dispose());
      return closing;
    },
  };
}
