import { stat } from 'node:fs/promises';
import { extname, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { pathOf, START_PAGE, TOKEN_COOKIE_OPTIONS, tokenCookieName, tokenMatches } from './access.js';

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

/** MIME type by extension (module scripts need `text/javascript`); unknown → application/octet-stream. */
export function mimeType(file: string): string {
  return MIME[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** A URL pathname as a file in absolute `rootDir` (`/` = index.html); null when it escapes (`..`, NUL, `\`) or is malformed. */
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

/** The renderer folder, and the launch token and port for `/?token=…`. */
export interface StaticRoutesOptions {
  rootDir: string;
  token: string;
  port: () => number;
}

const NOT_FOUND = 'Not found';

// The right token sets the cookie and redirects to `/`, so the token leaves the address bar and the history.
function openWithToken(presented: unknown, reply: FastifyReply, opts: StaticRoutesOptions): FastifyReply {
  reply.header('cache-control', 'no-store');
  if (!tokenMatches(presented, opts.token)) return reply.code(403).type('text/html; charset=utf-8').send(START_PAGE);
  return reply.setCookie(tokenCookieName(opts.port()), opts.token, TOKEN_COOKIE_OPTIONS).redirect('/', 302);
}

/** `GET`/`HEAD /*`: the files under `opts.rootDir` (other paths and non-files → 404) and the start route `/?token=…`. */
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
