/* global window, document, requestAnimationFrame, MutationObserver */
// The page side of `bench map` (bench/map.ts), injected into every document before its own scripts: the app's map page
// and the bare maplibre baseline page alike. Plain browser JavaScript: it runs in Chromium, not in Node. It relies only
// on the map's test hooks: the container `[data-testid="grid-map"]`, its `gsMap` property (the maplibre Map) and its
// `data-map-idle` attribute; layer ids below. Times are `performance.now()` ms of the document (0 = navigation start).
(() => {
  const LAYERS = {
    constraints: ['binding-constraints', 'binding-constraint-points'],
    outages: ['outage-equipment', 'outage-points'],
    clusters: ['outage-clusters'],
  };
  const ALL = [...LAYERS.constraints, ...LAYERS.outages, ...LAYERS.clusters];
  /** Each `data-map-idle="true"`: when, and the features the data sources held then (filled in asynchronously). */
  const idles = [];
  window.__mapBench = { idles };

  const container = () => document.querySelector('[data-testid="grid-map"]');
  const mapOf = () => container()?.gsMap;
  const present = (map, ids) => ids.filter((id) => map.getLayer(id));
  const sourcesOf = (map, ids) => [...new Set(present(map, ids).map((id) => map.getLayer(id).source))];

  /** Features held by the sources of `ids` (the whole GeoJSON, not just what is on screen or passes a filter). */
  const held = async (map, ids) => {
    let n = 0;
    for (const id of sourcesOf(map, ids)) {
      const source = map.getSource(id);
      const data = source && typeof source.getData === 'function' ? await source.getData() : null;
      n += data && Array.isArray(data.features) ? data.features.length : 0;
    }
    return n;
  };

  new MutationObserver((records) => {
    for (const r of records) {
      if (r.target.getAttribute('data-map-idle') !== 'true') continue;
      const map = r.target.gsMap;
      const entry = { t: performance.now(), constraints: null, outages: null };
      idles.push(entry);
      if (!map) continue;
      // Counted after the timestamp is taken, so the count's own cost is not in the figure.
      void Promise.all([held(map, LAYERS.constraints), held(map, LAYERS.outages)]).then(([c, o]) => {
        entry.constraints = c;
        entry.outages = o;
      });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-map-idle'] });

  // A small seeded generator (mulberry32), so every run and both pages pick alike.
  const random = (seed) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  /** A screen point on a rendered feature: a point's position, the middle of a line's first segment. */
  const screenPoint = (map, f) => {
    const g = f.geometry;
    const coords = g.type === 'Point' ? [g.coordinates] : g.type === 'LineString' ? g.coordinates : g.coordinates[0];
    const a = map.project(coords[0]);
    const b = map.project(coords[Math.min(1, coords.length - 1)]);
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  };

  window.__mapBenchTools = {
    /** Features each family's sources hold now: `{constraints, outages}`. */
    async held() {
      const map = mapOf();
      return { constraints: await held(map, LAYERS.constraints), outages: await held(map, LAYERS.outages) };
    },

    /**
     * What is drawn in the whole viewport: distinct constraints (`constraint_gs_entity_id`) and tickets, the
     * equipment features drawn unclustered, the clusters and the equipment they stand for (`point_count`).
     */
    rendered() {
      const map = mapOf();
      const q = (ids) => (present(map, ids).length ? map.queryRenderedFeatures({ layers: present(map, ids) }) : []);
      const constraints = q(LAYERS.constraints);
      const outages = q(LAYERS.outages);
      const clusters = q(LAYERS.clusters);
      return {
        constraints: new Set(constraints.map((f) => f.properties.constraint_gs_entity_id)).size,
        tickets: new Set(outages.map((f) => f.properties.ticket)).size,
        // A feature cut by tile edges is returned once per tile.
        equipment: new Set(outages.map((f) => `${f.properties.ticket}/${f.properties.equipment_name}`)).size,
        clusters: clusters.length,
        clustered: clusters.reduce((s, f) => s + (Number(f.properties.point_count) || 0), 0),
        layers: present(map, ALL),
      };
    },

    /**
     * `n` screen points over features drawn now (seeded random picks among them) and the time of
     * `queryRenderedFeatures(point, {layers})` at each, after 5 untimed ones. @returns ms per pick, how many found a
     * feature, and the points in container pixels with the layer of the feature each was taken from and whether a
     * click there reaches the map (for the popup clicks).
     */
    picks(n, seed) {
      const map = mapOf();
      const layers = present(map, ALL);
      const drawn = map.queryRenderedFeatures({ layers });
      const r = random(seed);
      const { clientWidth: w, clientHeight: h } = map.getContainer();
      const points = [];
      for (let tries = 0; points.length < n && tries < n * 20 && drawn.length > 0; tries++) {
        const f = drawn[Math.floor(r() * drawn.length)];
        const p = { ...screenPoint(map, f), layer: f.layer.id, clickable: false };
        if (!(p.x >= 2 && p.y >= 2 && p.x <= w - 2 && p.y <= h - 2)) continue;
        // A click there reaches the map only when no panel (legend, toggles, controls) lies over it.
        const box = map.getContainer().getBoundingClientRect();
        p.clickable = document.elementFromPoint(box.left + p.x, box.top + p.y) === map.getCanvas();
        points.push(p);
      }
      for (const p of points.slice(0, 5)) map.queryRenderedFeatures([p.x, p.y], { layers });
      const ms = [];
      let hits = 0;
      for (const p of points) {
        const t = performance.now();
        const found = map.queryRenderedFeatures([p.x, p.y], { layers });
        ms.push(performance.now() - t);
        if (found.length > 0) hits++;
      }
      return { ms, hits, points };
    },

    /**
     * Sets `window.__mapBenchPopup` to a promise of the ms from the next `mousedown` to a new popup
     * (`[data-testid="map-popup"]`) in the document, rejected after `timeoutMs`: the bench arms it, clicks, awaits it.
     */
    armPopup(timeoutMs) {
      const old = new Set(document.querySelectorAll('[data-testid="map-popup"]'));
      window.__mapBenchPopup = new Promise((resolve, reject) => {
        setTimeout(() => reject(new Error(`no popup ${timeoutMs} ms after the click`)), timeoutMs);
        let down = null;
        document.addEventListener('mousedown', () => (down = performance.now()), { capture: true, once: true });
        const observer = new MutationObserver(() => {
          const popup = [...document.querySelectorAll('[data-testid="map-popup"]')].find((el) => !old.has(el));
          if (down === null || !popup) return;
          observer.disconnect();
          resolve(performance.now() - down);
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true });
      });
      return true;
    },

    /**
     * Records every animation frame for `durationMs`: the intervals between frames (ms; a frame that misses the
     * display's 16.7 ms shows as 33 ms), the long animation frames (≥ 50 ms, the performance timeline's) and how
     * often the Time slider's value changed (the steps Play took).
     */
    async frames(durationMs) {
      const longFrames = [];
      const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => longFrames.push(e.duration)));
      observer.observe({ type: 'long-animation-frame' });
      const slider = document.querySelector('input[type="range"][aria-label="Time"]');
      const frames = [];
      const values = [];
      await new Promise((resolve) => {
        let last = null;
        let end = null;
        const tick = (t) => {
          if (last !== null) frames.push(t - last);
          last = t;
          end ??= t + durationMs;
          const v = slider ? slider.value : window.__baselineT;
          if (values.at(-1) !== v) values.push(v);
          if (t >= end) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      observer.takeRecords().forEach((e) => longFrames.push(e.duration));
      observer.disconnect();
      return { frames, longFrames, steps: values.length - 1 };
    },
  };
})();
