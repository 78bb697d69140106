/* global window, document, requestAnimationFrame, MutationObserver */
// The page side of `bench map` (bench/map.ts), injected into every document before its own scripts: the app's map page
// and the bare deck.gl page alike. Plain browser JavaScript: it runs in Chromium, not in Node. It relies only on the
// map's test hooks (docs/map.md#for-tests-and-benchmarks): the container `[data-testid="grid-map"]`, its `gsMap` (the
// maplibre Map), `gsDeck` (the deck.gl overlay), `gsRows` (the rows drawn) and its `data-map-idle` attribute. Times are
// `performance.now()` ms of the document (0 = navigation start).
(() => {
  /** Each `data-map-idle="true"`: when, and the rows the map held then. */
  const idles = [];
  /** The first map frame rendered once the map held rows (deck.gl draws in maplibre's frame), and frames counted. */
  const drawn = { t: null, runs: null, equipment: null, renders: 0 };
  window.__mapBench = { idles, drawn };

  const container = () => document.querySelector('[data-testid="grid-map"]');
  // Watches for the map and counts its rendered frames: `idle` needs maplibre to stop rendering, a map that keeps
  // rendering never reports it, so the first frame with rows is noted as well.
  const watch = () => {
    const el = container();
    if (!el || !el.gsMap) return void requestAnimationFrame(watch);
    el.gsMap.on('render', () => {
      drawn.renders += 1;
      if (drawn.t === null && el.gsRows)
        Object.assign(drawn, { t: performance.now(), runs: el.gsRows.runs.count, equipment: el.gsRows.equipment.count });
    });
  };
  requestAnimationFrame(watch);

  new MutationObserver((records) => {
    for (const r of records) {
      if (r.target.getAttribute('data-map-idle') !== 'true') continue;
      const rows = r.target.gsRows;
      idles.push({ t: performance.now(), runs: rows ? rows.runs.count : null, equipment: rows ? rows.equipment.count : null });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-map-idle'] });

  // A small seeded generator (mulberry32), so every run and both pages pick alike.
  const random = (seed) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  /** Resolves at the map's next `render` event (deck.gl draws inside maplibre's frame when interleaved). */
  const nextRender = (map) => new Promise((resolve) => map.once('render', () => resolve(performance.now())));

  window.__mapBenchTools = {
    /** Rows the map holds now: `{runs, equipment}`. */
    held() {
      const rows = container().gsRows;
      return { runs: rows ? rows.runs.count : 0, equipment: rows ? rows.equipment.count : 0 };
    },

    /**
     * `n` screen points on rows shown in `[fromMs, toMs)` (seeded random picks among them: a line's middle, a point),
     * and the time of `gsDeck.pickObject` (the hover's pick) and `pickMultipleObjects` (the click's) at each, after 5
     * untimed ones. @returns ms per pick of each kind, how many found an object, the rows they were taken from.
     */
    picks(n, seed, fromMs, toMs) {
      const el = container();
      const { gsMap: map, gsDeck: deck, gsRows: rows } = el;
      const a = (fromMs - rows.originMs) / 60000;
      const b = (toMs - rows.originMs) / 60000;
      const r = random(seed);
      const points = [];
      const families = [rows.runs, rows.equipment].filter((f) => f.placed.length > 0);
      for (let tries = 0; points.length < n && tries < n * 200 && families.length > 0; tries++) {
        const f = families[Math.floor(r() * families.length)];
        const i = f.placed[Math.floor(r() * f.placed.length)];
        if (!(f.start[i] < b && a < f.end[i])) continue;
        const p = map.project([(f.fromLon[i] + f.toLon[i]) / 2, (f.fromLat[i] + f.toLat[i]) / 2]);
        if (p.x >= 2 && p.y >= 2 && p.x <= el.clientWidth - 2 && p.y <= el.clientHeight - 2) points.push({ x: p.x, y: p.y });
      }
      for (const p of points.slice(0, 5)) deck.pickObject({ x: p.x, y: p.y, radius: 4 });
      const one = [];
      const many = [];
      let hits = 0;
      for (const p of points) {
        let t = performance.now();
        const found = deck.pickObject({ x: p.x, y: p.y, radius: 4 });
        one.push(performance.now() - t);
        if (found) hits++;
        t = performance.now();
        deck.pickMultipleObjects({ x: p.x, y: p.y, radius: 4, depth: 8 });
        many.push(performance.now() - t);
      }
      return { one, many, hits };
    },

    /**
     * Sets `window.__mapBenchStep` to a promise of the ms from the next `keydown` (the bench presses an arrow key on the
     * Time slider) to the first map frame rendered after the map took the new window (`gsShown` replaced), rejected
     * after `timeoutMs`.
     */
    armStep(timeoutMs) {
      const el = container();
      const before = el.gsShown;
      window.__mapBenchStep = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no new frame ${timeoutMs} ms after the step`)), timeoutMs);
        document.addEventListener(
          'keydown',
          () => {
            const down = performance.now();
            const wait = () => {
              if (el.gsShown === before) return void requestAnimationFrame(wait);
              el.gsMap.triggerRepaint();
              void nextRender(el.gsMap).then((t) => {
                clearTimeout(timer);
                resolve(t - down);
              });
            };
            wait();
          },
          { capture: true, once: true },
        );
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
