/* global window, document, location */
// The bare page of `bench map` (bundled by bench/lib/mapBaseline.ts with esbuild; runs in Chromium): no app, no React,
// no bridge. The same libraries as the map page (maplibre, deck.gl interleaved through `MapboxOverlay`, the
// `DataFilterExtension` with the same three filter values and ranges, apache-arrow) draw the app's basemap style and the
// same `map:features` Arrow streams, fetched from 127.0.0.1, at the app's camera and size. It sets the map's test hooks
// (`gsMap`, `gsDeck`, `gsRows`, `gsShown`, `data-map-idle`) so bench/lib/mapPage.js measures both pages alike; the
// arrow keys move the shown window by the step, as the app's Time slider does.
import maplibregl from 'maplibre-gl';
import { MapboxOverlay } from '@deck.gl/mapbox';
import { LineLayer, ScatterplotLayer } from '@deck.gl/layers';
import { ScreenGridLayer } from '@deck.gl/aggregation-layers';
import { DataFilterExtension } from '@deck.gl/extensions';
import { tableFromIPC } from 'apache-arrow';

const FILTER = new DataFilterExtension({ filterSize: 3 });
const FAR = 2 ** 25;

const floats = (table, name) => {
  const v = table.getChild(name);
  const out = Float32Array.from(v.toArray());
  if (v.nullCount > 0) for (let i = 0; i < out.length; i++) if (!v.isValid(i)) out[i] = NaN;
  return out;
};

function rowsOf(table, [a, b, c, d]) {
  const [fromLon, fromLat, toLon, toLat] = [a, b, c, d].map((n) => floats(table, n));
  const lines = [];
  const points = [];
  for (let i = 0; i < table.numRows; i++) {
    if (Number.isNaN(fromLon[i]) || Number.isNaN(fromLat[i])) continue;
    (fromLon[i] === toLon[i] && fromLat[i] === toLat[i] ? points : lines).push(i);
  }
  const placed = Int32Array.from([...lines, ...points]);
  return {
    count: table.numRows,
    start: floats(table, 'start_min'),
    end: floats(table, 'end_min'),
    fromLon,
    fromLat,
    toLon,
    toLat,
    lines: Int32Array.from(lines),
    points: Int32Array.from(points),
    placed,
  };
}

function layers(rows, range, dense) {
  const common = (f, id, color) => ({
    id,
    pickable: true,
    extensions: [FILTER],
    getFilterValue: (i) => [f.start[i], f.end[i], 1],
    filterRange: range,
    getSourcePosition: (i) => [f.fromLon[i], f.fromLat[i]],
    getTargetPosition: (i) => [f.toLon[i], f.toLat[i]],
    getPosition: (i) => [f.fromLon[i], f.fromLat[i]],
    getColor: color,
    getFillColor: color,
  });
  const { runs, equipment: eq } = rows;
  return [
    new LineLayer({
      ...common(runs, 'binding-constraints', [200, 40, 40, 255]),
      data: runs.lines,
      getWidth: 2,
      widthUnits: 'pixels',
    }),
    new ScatterplotLayer({
      ...common(runs, 'binding-constraint-points', [200, 40, 40, 255]),
      data: runs.points,
      getRadius: 4,
      radiusUnits: 'pixels',
    }),
    new LineLayer({
      ...common(eq, 'outage-equipment', [40, 90, 200, 255]),
      data: eq.lines,
      visible: !dense,
      getWidth: 1.5,
      widthUnits: 'pixels',
    }),
    new ScatterplotLayer({
      ...common(eq, 'outage-points', [40, 90, 200, 255]),
      data: eq.points,
      visible: !dense,
      getRadius: 4,
      radiusUnits: 'pixels',
    }),
    new ScreenGridLayer({
      ...common(eq, 'outage-density', [40, 90, 200, 255]),
      data: eq.placed,
      visible: dense,
      getPosition: (i) => [(eq.fromLon[i] + eq.toLon[i]) / 2, (eq.fromLat[i] + eq.toLat[i]) / 2],
      getWeight: 1,
      cellSizePixels: 26,
      gpuAggregation: true,
      opacity: 0.55,
    }),
  ];
}

(async () => {
  const setup = await (await fetch('/setup.json')).json();
  const [runs, equipment] = await Promise.all(
    ['/runs.arrow', '/equipment.arrow'].map(async (u) => tableFromIPC(new Uint8Array(await (await fetch(u)).arrayBuffer()))),
  );
  const rows = {
    originMs: setup.originMs,
    runs: rowsOf(runs, ['start_lon', 'start_lat', 'end_lon', 'end_lat']),
    equipment: rowsOf(equipment, ['from_lon', 'from_lat', 'to_lon', 'to_lat']),
  };
  // The basemap's tiles were the app's own origin: this server serves the same files.
  for (const s of Object.values(setup.style.sources))
    if (s.tiles) s.tiles = s.tiles.map((t) => location.origin + t.slice(t.indexOf('/basemap/')));
  const el = document.querySelector('[data-testid="grid-map"]');
  el.style.width = `${setup.width}px`;
  el.style.height = `${setup.height}px`;
  const map = new maplibregl.Map({ container: el, style: setup.style, ...setup.camera, attributionControl: false });
  const deck = new MapboxOverlay({ interleaved: true, layers: [] });
  map.addControl(deck);
  // The app's rule: dense outages below zoom 7 are counts per screen cell (the camera stays put here).
  const dense = rows.equipment.placed.length > 2000 && setup.camera.zoom < 7;
  let t = setup.startMs;
  const draw = () => {
    const a = (t - rows.originMs) / 60000;
    const b = a + setup.stepMs / 60000;
    const range = [
      [-FAR, b - 0.5],
      [a + 0.5, FAR],
      [0.5, 1.5],
    ];
    window.__baselineT = t;
    el.setAttribute('data-map-idle', 'false');
    deck.setProps({ layers: layers(rows, range, dense) });
    el.gsShown = () => ({ t });
    map.triggerRepaint();
  };
  const step = (direction) => {
    const next = t + direction * setup.stepMs;
    t = next < setup.startMs || next >= setup.endMs ? setup.startMs : next;
    draw();
  };
  document.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowRight') step(1);
    if (e.key === 'ArrowLeft') step(-1);
  });
  let timer = null;
  window.__baseline = {
    /** Steps forward every `intervalMs`, back to the start after the end (the app's Play stops there). */
    play(intervalMs) {
      timer = setInterval(() => step(1), intervalMs);
    },
    stop() {
      clearInterval(timer);
    },
  };
  map.on('idle', () => el.setAttribute('data-map-idle', 'true'));
  map.on('load', () => {
    el.gsMap = map;
    el.gsDeck = deck;
    el.gsRows = rows;
    draw();
  });
})();
