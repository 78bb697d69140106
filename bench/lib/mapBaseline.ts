import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The baseline of `bench map`: a bare page, no app, drawing the app's basemap style and the same `map:features` Arrow
 * streams with the same libraries (maplibre, deck.gl interleaved, `DataFilterExtension`; bench/lib/mapBarePage.js,
 * bundled here with esbuild) at the same camera and size. Served on 127.0.0.1 by a plain Node server with the
 * basemap's vector tiles from the renderer build.
 */

/** What the baseline page draws: the basemap style, the camera, the map's size (CSS px) and the shown windows. */
export interface BaselineSetup {
  /** maplibre style JSON (the app's, without deck.gl's own layers). */
  style: unknown;
  camera: { center: [number, number]; zoom: number; bearing: number; pitch: number };
  width: number;
  height: number;
  /** The answer's origin (epoch ms) its `*_min` columns count from. */
  originMs: number;
  /** First shown window `[startMs, startMs + stepMs)`; steps stay inside `[startMs, endMs)`. */
  startMs: number;
  stepMs: number;
  endMs: number;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const rendererBuild = fileURLToPath(new URL('../../renderer/dist/', import.meta.url));
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>bench map baseline</title>
<link rel="stylesheet" href="/maplibre-gl.css"><style>html,body{margin:0}</style></head>
<body><div data-testid="grid-map" data-map-idle="false"></div><script type="module" src="/page.js"></script></body></html>`;

/** Bundles the bare page once (a few seconds: maplibre, deck.gl and apache-arrow). */
async function bundle(): Promise<string> {
  const out = await build({
    entryPoints: [fileURLToPath(new URL('./mapBarePage.js', import.meta.url))],
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    absWorkingDir: root,
    logLevel: 'error',
  });
  return out.outputFiles[0]!.text;
}

/**
 * Serves the baseline page for `setup` and the two Arrow streams on 127.0.0.1; `url` is the page, `close` stops the
 * server. @throws when the page cannot be bundled.
 */
export async function serveBaseline(
  setup: BaselineSetup,
  arrow: { runs: Uint8Array; equipment: Uint8Array },
): Promise<{ url: string; close(): Promise<void> }> {
  const files: Record<string, { type: string; body: string | Uint8Array }> = {
    '/': { type: 'text/html', body: PAGE },
    '/page.js': { type: 'text/javascript', body: await bundle() },
    '/maplibre-gl.css': { type: 'text/css', body: await readFile(`${root}node_modules/maplibre-gl/dist/maplibre-gl.css`) },
    '/setup.json': { type: 'application/json', body: JSON.stringify(setup) },
    '/runs.arrow': { type: 'application/octet-stream', body: arrow.runs },
    '/equipment.arrow': { type: 'application/octet-stream', body: arrow.equipment },
  };
  const server = http.createServer(async (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0]!;
    if (/^\/basemap\/[\w/.-]+$/.test(pathname) && !pathname.includes('..')) {
      const body = await readFile(`${rendererBuild}${pathname.slice(1)}`).catch(() => null);
      res.writeHead(body ? 200 : 404, {
        'content-type': pathname.endsWith('.pbf') ? 'application/x-protobuf' : 'application/json',
      });
      return void res.end(body ?? 'not found');
    }
    const file = files[pathname];
    // Chromium asks every origin for a favicon; a 404 would be logged as a page error.
    if (pathname === '/favicon.ico') return void res.writeHead(204).end();
    res.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/plain', 'cache-control': 'no-store' });
    res.end(file?.body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
