import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';

/**
 * Static files of the built renderer for the web host. `/` is `index.html`; a path that decodes
 * outside `rootDir` (`..`, encoded or not), contains NUL, or is not a regular file answers 404.
 * `.js`/`.mjs` are served as `text/javascript` (module scripts need a JS MIME type).
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

/** Writes the file for `pathname` (GET, or headers only for HEAD), or a plain 404. */
export async function serveStatic(rootDir: string, pathname: string, head: boolean, res: ServerResponse): Promise<void> {
  const file = resolveStaticPath(rootDir, pathname);
  const info = file ? await stat(file).catch(() => null) : null;
  if (!file || !info?.isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found');
    return;
  }
  res.writeHead(200, { 'content-type': mimeType(file), 'content-length': info.size, 'cache-control': 'no-cache' });
  if (head) {
    res.end();
    return;
  }
  await new Promise<void>((done) => {
    const stream = createReadStream(file);
    stream.on('error', () => {
      res.destroy();
      done();
    });
    stream.on('end', done);
    stream.pipe(res);
  });
}
