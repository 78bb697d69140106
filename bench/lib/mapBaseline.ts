import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The baseline of `bench map`: a bare maplibre page, no app, drawing a style captured from the app's map (its layers,
 * filters and inline GeoJSON sources, and the basemap's vector tiles, served here from the renderer build) at the same
 * camera and size. Served on 127.0.0.1 by a plain Node server; the page sets the same test hooks as the app's map
 * (`[data-testid="grid-map"]`, `gsMap`, `data-map-idle`), so bench/lib/mapPage.js measures both alike.
 */

/** What the baseline page draws: a maplibre style JSON, the camera and the map's size in CSS px. */
export interface BaselineSetup {
  style: unknown;
  camera: { center: [number, number]; zoom: number; bearing: number; pitch: number };
  width: number;
  height: number;
}

const dist = (file: string) => fileURLToPath(new URL(`../../node_modules/maplibre-gl/dist/${file}`, import.meta.url));
const rendererBuild = fileURLToPath(new URL('../../renderer/dist/', import.meta.url));

// `__baseline.play` mirrors what the app's Play does to the map: every `intervalMs` it moves t one step, rewrites the
// window bounds of every time filter (`['<', ['get','start_ms'], end]` and `['<', start, ['get','end_ms']]`) and gives
// each clustered source the points of its first data that overlap the new window (the app's clusters follow by data).
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>bench map baseline</title>
<link rel="stylesheet" href="/maplibre-gl.css"><style>html,body{margin:0}</style></head>
<body><div data-testid="grid-map" data-map-idle="false"></div>
<script src="/maplibre-gl.js"></script>
<script>
(async () => {
  const setup = await (await fetch('/setup.json')).json();
  // The basemap's tiles were the app's own origin: this server serves the same files.
  for (const s of Object.values(setup.style.sources)) if (s.tiles) s.tiles = s.tiles.map((t) => location.origin + t.slice(t.indexOf('/basemap/')));
  const el = document.querySelector('[data-testid="grid-map"]');
  el.style.width = setup.width + 'px';
  el.style.height = setup.height + 'px';
  const map = new maplibregl.Map({ container: el, style: setup.style, ...setup.camera, attributionControl: false });
  el.gsMap = map;
  map.on('idle', () => el.setAttribute('data-map-idle', 'true'));
  const timeFilter = (e, w) => {
    if (!Array.isArray(e)) return e;
    const get = (x, p) => Array.isArray(x) && x[0] === 'get' && x[1] === p;
    if (e[0] === '<' && get(e[1], 'start_ms')) return ['<', e[1], w.end];
    if (e[0] === '<' && get(e[2], 'end_ms')) return ['<', w.start, e[2]];
    return e.map((x) => timeFilter(x, w));
  };
  const clustered = Object.entries(setup.style.sources).filter(([, s]) => s.cluster && s.data && s.data.features);
  const filtered = setup.style.layers.filter((l) => l.filter && JSON.stringify(l.filter).includes('start_ms')).map((l) => l.id);
  let timer = null;
  window.__baseline = {
    /** What each step changes: the time-filtered layers, and the clustered sources with their points. */
    changes: { filtered, clustered: clustered.map(([id, s]) => [id, s.data.features.length]) },
    play(intervalMs, stepMs, startMs, endMs) {
      let t = startMs;
      window.__baselineT = t;
      timer = setInterval(() => {
        t = t + stepMs >= endMs ? startMs : t + stepMs;
        window.__baselineT = t;
        const w = { start: t, end: t + stepMs };
        for (const id of filtered) map.setFilter(id, timeFilter(map.getFilter(id), w));
        for (const [id, s] of clustered) {
          const features = s.data.features.filter((f) => f.properties.start_ms < w.end && w.start < f.properties.end_ms);
          map.getSource(id).setData({ type: 'FeatureCollection', features });
        }
      }, intervalMs);
    },
    stop() { clearInterval(timer); },
  };
})();
</script></body></html>`;

/** Serves the baseline page for `setup` on 127.0.0.1; `url` is the page, `close` stops the server. */
export async function serveBaseline(setup: BaselineSetup): Promise<{ url: string; close(): Promise<void> }> {
  const files: Record<string, { type: string; body: string | Buffer }> = {
    '/': { type: 'text/html', body: PAGE },
    '/maplibre-gl.js': { type: 'text/javascript', body: await readFile(dist('maplibre-gl.js')) },
    '/maplibre-gl.css': { type: 'text/css', body: await readFile(dist('maplibre-gl.css')) },
    '/setup.json': { type: 'application/json', body: JSON.stringify(setup) },
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
    if (req.url === '/favicon.ico') return void res.writeHead(204).end();
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
