import { stat } from 'node:fs/promises';
import { extname, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { pathOf, START_PAGE, TOKEN_COOKIE_OPTIONS, tokenCookieName, tokenMatches } from './access.js';

/**
 * Static files of the built renderer for the web host, sent by @fastify/static. `/` is
 * `index.html`; a path that decodes outside `rootDir` (`..`, encoded or not), contains NUL or a
 * backslash, or is not a regular file answers 404. `.js`/`.mjs` are served as `text/javascript`
 * (module scripts need a JS MIME type). Access (the token cookie) is checked before these routes.
 */

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.geojson': 'application/geo+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.pbf': 'application/x-protobuf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

/** MIME type for a file name (by extension; unknown → application/octet-stream). */
export function mimeType(file: string): string {
  return MIME[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Resolves a URL pathname to a file inside `rootDir`, or null when it would escape it or is malformed.
 * `rootDir` must be absolute.
 */
export function resolveStaticPath(rootDir: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '/' || decoded === '' ? '/index.html' : decoded;
  const root = resolve(rootDir);
  const file = resolve(root, `.${relative}`);
  return file.startsWith(root + sep) ? file : null;
}

/** What {@link staticRoutes} needs: the renderer folder, and the launch token and port for `/?token=…`. */
export interface StaticRoutesOptions {
  rootDir: string;
  token: string;
  port: () => number;
}

const NOT_FOUND = 'Not found';

/**
 * The start route, `GET /?token=<token>`: with the launch token it sets the token cookie
 * ({@link TOKEN_COOKIE_OPTIONS}) and redirects (302) to `/`, so the token leaves the address bar and
 * the history; with another token it answers 403 with the start page.
 */
function openWithToken(presented: unknown, reply: FastifyReply, opts: StaticRoutesOptions): FastifyReply {
  reply.header('cache-control', 'no-store');
  if (!tokenMatches(presented, opts.token)) return reply.code(403).type('text/html; charset=utf-8').send(START_PAGE);
  return reply.setCookie(tokenCookieName(opts.port()), opts.token, TOKEN_COOKIE_OPTIONS).redirect('/', 302);
}

/**
 * Registers `GET`/`HEAD /*` for the files under `opts.rootDir` (see the module comment) and the
 * start route `/?token=…`. Other methods on these paths answer 405 from the server's not-found handler.
 */
export async function staticRoutes(app: FastifyInstance, opts: StaticRoutesOptions): Promise<void> {
  const root = resolve(opts.rootDir);
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false, dotfiles: 'ignore' });
  app.get('/*', async (request, reply) => {
    const pathname = pathOf(request);
    const token = (request.query as Record<string, unknown>).token;
    if (pathname === '/' && token !== undefined) return openWithToken(token, reply, opts);
    const file = resolveStaticPath(root, pathname);
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info?.isFile()) return reply.code(404).type('text/plain; charset=utf-8').send(NOT_FOUND);
    // send() decodes the path once more: hand it each segment URL-encoded.
    const encoded = relative(root, file).split(sep).map(encodeURIComponent).join('/');
    reply.header('content-type', mimeType(file)).header('cache-control', 'no-cache');
    return reply.sendFile(encoded, root, { contentType: false, cacheControl: false });
  });
}
