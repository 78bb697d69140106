import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import type { FastifyReply } from 'fastify';
import { fail } from '../../shared/index.js';
import { CONTENT_SECURITY_POLICY } from '../services/common/csp.js';
import { createFileVault, createLogger, createServices, defaultConfigDir } from '../services/index.js';
import { downloadsDirFromEnv } from '../services/common/paths.js';
import type { Services } from '../services/index.js';
import { newLaunchToken, pathOf, refusal, START_PAGE } from './access.js';
import { bridgeRoutes } from './bridge.js';
import { conversionGateFromEnv } from './conversionGate.js';
import { downloadRoutes } from './downloads.js';
import { staticRoutes } from './static.js';

export { MAX_BRIDGE_BODY } from './bridge.js';

/** Headers on every response: the renderer may talk only to this origin (docs/desktop.md#security-checklist). */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/** `<repo>/renderer/dist`. */
export const DEFAULT_RENDERER_DIR = resolve(import.meta.dirname, '../../renderer/dist');

/** `port` 0 picks a free one; `services` (tests) replace the ones built here with a file vault, and are disposed either way. */
export interface WebHostOptions {
  port: number;
  /** Only loopback is supported: the bridge holds the user's key. */
  host?: '127.0.0.1';
  configDir?: string;
  rendererDir?: string;
  appVersion?: string;
  services?: Services;
}

/** A running web host: `url` is its origin, `startUrl` the `…/?token=<token>` URL to open (and the only one to print). */
export interface WebHost {
  url: string;
  startUrl: string;
  token: string;
  port: number;
  services: Services;
  /** Stops listening, drops open connections and disposes the services. */
  close(): Promise<void>;
}

const log = createLogger('webhost');

/**
 * Serves the built renderer, the bridge and export downloads (docs/workspace.md#export) on 127.0.0.1 behind a new launch
 * token (docs/desktop.md#web-host-access); resolves once listening, rejects when the port is taken.
 */
export async function startWebHost(opts: WebHostOptions): Promise<WebHost> {
  const configDir = opts.configDir ?? defaultConfigDir();
  const rendererDir = resolve(opts.rendererDir ?? DEFAULT_RENDERER_DIR);
  const downloadsDir = downloadsDirFromEnv();
  const conversion = conversionGateFromEnv();
  const services =
    opts.services ??
    createServices({
      configDir,
      vault: createFileVault(configDir),
      host: 'web',
      versions: { node: process.versions.node, v8: process.versions.v8 },
      ...(downloadsDir ? { downloadsDir } : {}),
      ...(conversion ? { conversion } : {}),
      ...(opts.appVersion ? { appVersion: opts.appVersion } : {}),
    });
  const token = newLaunchToken();
  let port = 0;

  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    // A path that does not URL-decode names no file and no verb.
    frameworkErrors: (_err, _request, reply: FastifyReply) => {
      void reply.code(404).headers(SECURITY_HEADERS).type('text/plain; charset=utf-8').send('Not found');
    },
  });
  await app.register(fastifyCookie);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    const refused = refusal(request, { port, token });
    if (!refused) return;
    log.warn(`refused ${request.method} ${pathOf(request)}: ${refused.reason}`);
    reply.code(403).header('cache-control', 'no-store');
    if (refused.answer === 'start-page') return reply.type('text/html; charset=utf-8').send(START_PAGE);
    return reply.send(fail('forbidden', `Refused: ${refused.reason}.`));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.type('text/plain; charset=utf-8');
    if (request.method === 'GET' || request.method === 'HEAD') return reply.code(404).send('Not found');
    return reply.code(405).header('allow', 'GET, HEAD').send('Method not allowed');
  });
  app.setErrorHandler((err, request, reply) => {
    log.error(`${request.method} ${pathOf(request)} failed`, err);
    return reply.code(500).header('cache-control', 'no-store').send(fail('internal', 'The web host failed to answer.'));
  });
  await app.register(bridgeRoutes, { services });
  await app.register(downloadRoutes, { workspace: services.workspace });
  await app.register(staticRoutes, { rootDir: rendererDir, token, port: () => port });

  try {
    await app.listen({ port: opts.port, host: opts.host ?? '127.0.0.1' });
  } catch (err) {
    await app.close().catch(() => undefined);
    await services.dispose();
    throw err;
  }
  port = (app.server.address() as AddressInfo).port;
  // Downloads an earlier run left (quit or crash) carry on from the bytes on disk (docs/downloads.md#resume).
  void services.downloads.state();

  let closing: Promise<void> | undefined;
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    startUrl: `${url}?token=${token}`,
    token,
    port,
    services,
    close() {
      closing ??= app.close().then(() => services.dispose());
      return closing;
    },
  };
}
