import { readFile, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve } from 'node:path';
import type { Protocol } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../services/common/csp.js';
import { createLogger } from '../services/common/logger.js';

const log = createLogger('app-protocol');

/** The scheme the built renderer is served from instead of `file://` (docs/desktop.md#security-checklist, item 18). */
export const APP_SCHEME = 'app';
/** The one host of {@link APP_SCHEME}: the page's origin is `app://gridscope`. */
export const APP_HOST = 'gridscope';
/** The app page. */
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * Privileges of {@link APP_SCHEME}: `standard` (an origin, relative URLs, storage), `secure` (a secure context like
 * https), `supportFetchAPI`. No `corsEnabled` (other origins cannot read it) and no `bypassCSP`.
 */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true } as const;

/** Registers {@link APP_SCHEME} as privileged; Electron accepts this only before the app is ready. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } }]);
}

/** Content types by extension of what the renderer build holds; anything else is `application/octet-stream`. */
export const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.pbf': 'application/x-protobuf',
  '.txt': 'text/plain; charset=utf-8',
};

const plain = (status: number, text: string): Response =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** The file under `root` that `pathname` names (`/` = index.html), or null when it would leave `root`. */
function fileOf(root: string, pathname: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  const file = resolve(root, path === '/' || path === '' ? 'index.html' : `.${path}`);
  const inside = relative(root, file);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? file : null;
}

/**
 * The `protocol.handle(APP_SCHEME, …)` handler: GET/HEAD `app://gridscope/<path>` answers the file `<rootDir>/<path>`
 * (the electron-vite renderer build) with its content type, the app's CSP and `nosniff`; `/` is index.html. A path
 * leaving `rootDir` (`..`, encoded or not), another host, a folder or a missing file answers 404; other methods 405.
 * webRequest's header hooks do not run for custom schemes, hence the CSP header here.
 */
export function createAppProtocolHandler(rootDir: string): (request: Request) => Promise<Response> {
  const root = resolve(rootDir);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed');
    const url = parse(request.url);
    if (!url || url.protocol !== `${APP_SCHEME}:` || url.host.toLowerCase() !== APP_HOST) return plain(404, 'Not found');
    const file = fileOf(root, url.pathname);
    if (!file) {
      log.warn(`refused ${url.pathname.slice(0, 200)}: outside the app folder`);
      return plain(404, 'Not found');
    }
    let body: Buffer;
    try {
      if (!(await stat(file)).isFile()) return plain(404, 'Not found');
      body = await readFile(file);
    } catch {
      return plain(404, 'Not found');
    }
    const headers = {
      'content-type': MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
    };
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}
