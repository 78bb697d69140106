import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import type { Result } from '../shared/index.js';
import { dispatch, setLogSink } from '../electron/services/index.js';
import { startWebHost } from '../electron/webhost/server.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.js';
import { SCALED_DATASET } from '../server/data/synthetic/scale.js';
import { quantile } from './lib/constraints.js';
import { serveBaseline, type BaselineSetup } from './lib/mapBaseline.js';
import { expectedMap } from './lib/mapExpected.js';
import { benchServices, startScaledV1Process } from './lib/v1Process.js';

// `npm run bench -- map [--file f.duckdb] [--binding 5000] [--tickets 17000] [--constraints 100000] [--days 1]
// [--hours 1] [--picks 100] [--play 5] [--no-build]`: the map page with the SYNTHETIC `--scale` data (bench/README.md)
// — binding constraint lines and outage equipment of the data's last `hours` — in Chromium through the web host, against
// a bare maplibre page drawing the same style and GeoJSON in the same run: time to the first `idle` with every feature,
// p95 pick latency (`queryRenderedFeatures` at a point), p95 frame interval while the slider plays.

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    file: { type: 'string' },
    days: { type: 'string', default: '1' },
    binding: { type: 'string', default: '5000' },
    constraints: { type: 'string', default: '100000' },
    tickets: { type: 'string', default: '17000' },
    hours: { type: 'string', default: '1' },
    picks: { type: 'string', default: '100' },
    play: { type: 'string', default: '5' },
    'no-build': { type: 'boolean' },
  },
  strict: true,
});
const sizes = {
  days: Number(values.days),
  binding: Number(values.binding),
  constraints: Number(values.constraints),
  tickets: Number(values.tickets),
};
const HOURS = Number(values.hours);
const PICKS = Number(values.picks);
const PLAY_MS = Number(values.play) * 1000;
if ([...Object.values(sizes), HOURS, PICKS].some((n) => !Number.isSafeInteger(n) || n < 1) || HOURS > 24 || !(PLAY_MS > 0)) {
  process.stderr.write(
    'usage: npm run bench -- map [--file f] [--binding N] [--tickets N] [--hours H] [--picks N] [--play S] [--no-build]\n',
  );
  process.exit(2);
}
const HOUR = 3_600_000;
const STEP_MS = 5 * 60_000;
const SEED = 20240901;
const KEY = 'bench-map-key-0123456789abcdef';
const PAGE_SCRIPT = fileURLToPath(new URL('./lib/mapPage.js', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const count = (n: number) => new Intl.NumberFormat('en-US').format(n);
const round = (x: number, digits = 1): number => Number(x.toFixed(digits));
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** One `data-map-idle="true"` as bench/lib/mapPage.js records it (counts: features the data sources hold). */
interface Idle {
  t: number;
  constraints: number | null;
  outages: number | null;
}
interface Frames {
  frames: number[];
  longFrames: number[];
  steps: number;
}
interface Picks {
  ms: number[];
  hits: number;
  points: { x: number; y: number; layer: string; clickable: boolean }[];
}
interface Rendered {
  constraints: number;
  tickets: number;
  equipment: number;
  clusters: number;
  clustered: number;
  layers: string[];
}

setLogSink(() => undefined);
if (!values['no-build']) {
  process.stdout.write('building the renderer (vite)…\n');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'renderer/vite.config.ts'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}
const v1 = await startScaledV1Process({ file: values.file, sizes });
if (v1.generateSeconds > 0)
  process.stdout.write(`generated the SYNTHETIC scaled database in ${v1.generateSeconds.toFixed(1)} s\n`);
// The data's last `HOURS` hours: outage tickets start through the whole generated span, so the most are active at its end.
const end = Date.parse(v1.window.end);
const dataWindow = { start: new Date(end - HOURS * HOUR).toISOString(), end: new Date(end).toISOString() };
const expected = await expectedMap(v1.origin, {
  dataset: SCALED_DATASET.dataset_id,
  market: 'pjm',
  ...dataWindow,
});
process.stdout.write(
  `window ${dataWindow.start} – ${dataWindow.end}: ${count(expected.bindingConstraints)} binding constraints (${count(expected.observations)} observations, ` +
    `${mb(expected.bindingBytes)} from /v1 in ${Math.round(expected.bindingMs)} ms) → ${count(expected.constraints)} constraint features; ` +
    `${count(expected.tickets)} active tickets (${mb(expected.outageBytes)} in ${Math.round(expected.outageMs)} ms) → ${count(expected.equipment)} equipment features\n`,
);

const dir = await mkdtemp(path.join(tmpdir(), 'gridscope-bench-map-'));
const services = benchServices(dir, v1.origin, KEY);
const host = await startWebHost({ port: 0, configDir: dir, services });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
const errors: string[] = [];

/** A fresh 1400×900 page with bench/lib/mapPage.js; its errors fail the bench. */
async function newPage(b: Browser): Promise<Page> {
  // The bench's checks are strings evaluated in the page, which the renderer's CSP (no eval) would refuse.
  const page = await b.newPage({ viewport: { width: 1400, height: 900 }, bypassCSP: true });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()} ${r.url()}`);
  });
  await page.addInitScript({ path: PAGE_SCRIPT });
  return page;
}

const tools = <T>(page: Page, call: string): Promise<T> => page.evaluate(`window.__mapBenchTools.${call}`) as Promise<T>;

/**
 * Waits for the first idle at which the map's sources hold every expected feature; @returns its time (ms from
 * navigation start). @throws after `timeoutMs` with the counts seen, so a map that loads too little fails loudly.
 */
async function firstFullIdle(page: Page, timeoutMs = 180_000): Promise<Idle> {
  const full = `window.__mapBench.idles.find((i) => i.constraints >= ${expected.constraints} && i.outages >= ${expected.equipment})`;
  try {
    return (await (await page.waitForFunction(full, undefined, { timeout: timeoutMs, polling: 100 })).jsonValue()) as Idle;
  } catch (error) {
    const idles = (await page.evaluate('window.__mapBench.idles').catch(() => [])) as Idle[];
    throw new Error(
      `the map never went idle holding ${count(expected.constraints)} constraint and ${count(expected.equipment)} equipment features ` +
        `(idles seen: ${JSON.stringify(idles.slice(-5))}; page errors: ${errors.slice(0, 3).join(' | ') || 'none'})\n${String(error)}`,
    );
  }
}

/**
 * The map page of `dataWindow` with every binding constraint (`top=all`: no limit, the service's 50,000), t at its start
 * and a step at least as long as the window, so every feature is in the shown window.
 */
const mapUrl = (): string =>
  `${host.url}#/map?${new URLSearchParams({
    dataset: SCALED_DATASET.dataset_id,
    market: 'pjm',
    start: dataWindow.start,
    end: dataWindow.end,
    t: dataWindow.start,
    step: HOURS <= 1 ? '1h' : '1d',
    top: 'all',
  }).toString()}`;

/** How a load of the map page went: its first full idle, when the DOM was loaded and when the data arrived. */
interface Load {
  idle: Idle;
  domLoaded: number;
  /** When the later of the two data answers reached the page (ms from navigation start). */
  dataAt: number;
  /** The two data verbs' bridge calls: verb, start and end (ms from navigation start; resource timing). */
  calls: [string, number, number][];
}

/** Navigates to the map (after about:blank: a new document) and waits for its first full idle. */
async function load(page: Page): Promise<Load> {
  await page.goto('about:blank');
  await page.goto(mapUrl());
  const idle = await firstFullIdle(page);
  const [domLoaded, calls] = (await page.evaluate(`[
    performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
    performance.getEntriesByType('resource').filter((e) => /bridge\\/(constraints:bindingLocations|outages:active)/.test(e.name))
      .map((e) => [e.name.split('/bridge/')[1].split('?')[0], Math.round(e.startTime), Math.round(e.responseEnd)]),
  ]`)) as [number, Load['calls']];
  return { idle, domLoaded, dataAt: Math.max(0, ...calls.map(([, , end]) => end)), calls };
}

const loadText = (l: Load): string =>
  `${Math.round(l.idle.t)} ms (DOM loaded ${Math.round(l.domLoaded)} ms; ` +
  `${l.calls.map(([v, a, b]) => `${v} ${a}–${b} ms`).join(', ')}; drawn ${Math.round(l.idle.t - l.dataAt)} ms after the data)`;

/** Clicks up to `n` pick points on binding constraints; @returns ms from each mousedown to its popup shown. */
async function popups(page: Page, points: Picks['points'], n: number): Promise<number[]> {
  const box = (await page.getByTestId('grid-map').boundingBox())!;
  const ms: number[] = [];
  // Only constraints (a click on a cluster zooms the map instead), only where the map is not under a panel: a selection
  // opens the selection panel, so that is checked again before each click.
  for (const p of points.filter((x) => x.clickable && x.layer.startsWith('binding-'))) {
    if (ms.length >= n) break;
    const onMap = await page.evaluate(
      `document.elementFromPoint(${box.x + p.x}, ${box.y + p.y}) === document.querySelector('[data-testid="grid-map"]').gsMap.getCanvas()`,
    );
    if (!onMap) continue;
    await tools(page, 'armPopup(15000)');
    await page.mouse.click(box.x + p.x, box.y + p.y);
    ms.push((await page.evaluate('window.__mapBenchPopup')) as number);
  }
  return ms;
}

try {
  // The app: cold (main's response cache empty), from navigation to the first idle holding every feature.
  const app = await newPage(browser);
  await app.goto(host.startUrl);
  const first = await load(app);
  const rendered = await tools<Rendered>(app, 'rendered()');
  const held = await tools<{ constraints: number; outages: number }>(app, 'held()');
  if (
    held.constraints < expected.constraints ||
    held.outages < expected.equipment ||
    rendered.constraints === 0 ||
    rendered.equipment + rendered.clusters === 0
  )
    throw new Error(
      `the map holds ${JSON.stringify(held)} and draws ${JSON.stringify(rendered)}; expected ${JSON.stringify(expected)}`,
    );
  // What the baseline draws: the app's style now (data, filters of the whole window), camera and size.
  const setup = (await app.evaluate(`(() => {
    const el = document.querySelector('[data-testid="grid-map"]');
    const map = el.gsMap;
    const c = map.getCenter();
    return { style: map.getStyle(), camera: { center: [c.lng, c.lat], zoom: map.getZoom(), bearing: map.getBearing(), pitch: map.getPitch() },
             width: el.clientWidth, height: el.clientHeight };
  })()`)) as BaselineSetup;
  const picks = await tools<Picks>(app, `picks(${PICKS}, ${SEED})`);

  // Play over 5-minute steps; the frames while it plays.
  const idles = (await app.evaluate('window.__mapBench.idles.length')) as number;
  await app.getByLabel('Step').selectOption({ label: '5 minutes' });
  // The new filter drawn: a later idle than those so far.
  await app.waitForFunction(
    `window.__mapBench.idles.length > ${idles} && document.querySelector('[data-testid="grid-map"]').getAttribute('data-map-idle') === 'true'`,
  );
  await app.getByRole('button', { name: 'Play' }).click();
  const played = await tools<Frames>(app, `frames(${PLAY_MS})`);
  // Play stops by itself at the window's end (a long --play).
  const pause = app.getByRole('button', { name: 'Pause' });
  if (await pause.isVisible()) await pause.click();
  // Last: a click selects the constraint (the page then asks for its details).
  const popupMs = await popups(app, picks.points, 10);

  // Reopening the same address, in a new document (main has answered both requests before).
  const reopened = await load(app);
  await app.close();

  // Main's two data verbs alone, one after the other, with no page: how much of the wait is main and /v1.
  const verbMs: Record<string, number> = {};
  for (const [verb, input] of [
    ['constraints:bindingLocations', { datasetId: SCALED_DATASET.dataset_id, window: dataWindow }],
    ['outages:active', { market: 'pjm', window: dataWindow, limit: 100_000 }],
  ] as const) {
    const started = performance.now();
    const r = (await dispatch(services.handlers, verb, input)) as Result<unknown>;
    if (!r.ok) throw new Error(`${verb}: ${r.error.message}`);
    verbMs[verb] = Math.round(performance.now() - started);
  }

  const setupBytes = Buffer.byteLength(JSON.stringify(setup));
  const baseline = await serveBaseline(setup);
  const bare = await newPage(browser);
  await bare.goto(baseline.url);
  const bareIdle = await firstFullIdle(bare);
  const barePicks = await tools<Picks>(bare, `picks(${PICKS}, ${SEED})`);
  // The same number of filter changes per second as the app's Play made.
  const interval = Math.max(16, PLAY_MS / Math.max(1, played.steps));
  await bare.evaluate(
    `window.__baseline.play(${interval}, ${STEP_MS}, ${Date.parse(dataWindow.start)}, ${Date.parse(dataWindow.end)})`,
  );
  const changes = (await bare.evaluate('window.__baseline.changes')) as { filtered: string[]; clustered: [string, number][] };
  const barePlayed = await tools<Frames>(bare, `frames(${PLAY_MS})`);
  await bare.evaluate('window.__baseline.stop()');
  await bare.close();
  await baseline.close();
  if (errors.length > 0) throw new Error(`the pages logged errors:\n${errors.join('\n')}`);

  const p95 = (xs: number[]) => quantile(xs, 0.95);
  process.stdout.write(
    `app: first idle with every feature ${loadText(first)}; on reopening ${loadText(reopened)}\n` +
      `main alone (no page, one after the other): ${Object.entries(verbMs)
        .map(([v, ms]) => `${v} ${ms} ms`)
        .join(', ')}\n` +
      `app: holds ${count(held.constraints)} constraint and ${count(held.outages)} equipment features, ` +
      `draws ${count(rendered.constraints)} constraints, ${count(rendered.equipment)} equipment features of ${count(rendered.tickets)} tickets and ` +
      `${count(rendered.clusters)} clusters of ${count(rendered.clustered)}\n` +
      `app: pick p50 ${quantile(picks.ms, 0.5)} ms, p95 ${p95(picks.ms)} ms (${picks.hits}/${picks.ms.length} found a feature); ` +
      `click → popup p50 ${quantile(popupMs, 0.5)} ms, max ${round(Math.max(...popupMs))} ms (${popupMs.length} clicks)\n` +
      `app: Play ${PLAY_MS / 1000} s: ${played.steps} steps, ${played.frames.length} frames, p50 ${quantile(played.frames, 0.5)} ms, ` +
      `p95 ${p95(played.frames)} ms, max ${round(Math.max(...played.frames))} ms, ${played.longFrames.length} long animation frames\n` +
      `bare maplibre: first idle ${Math.round(bareIdle.t)} ms (its style with the data inline: ${mb(setupBytes)}); pick p95 ${p95(barePicks.ms)} ms (${barePicks.hits}/${barePicks.ms.length}); ` +
      `every ${Math.round(interval)} ms new time filters on ${changes.filtered.length} layers and ` +
      `${changes.clustered.map(([id, n]) => `${count(n)} points re-clustered in ${id}`).join(', ') || 'no clusters'}: ` +
      `${barePlayed.frames.length} frames, p50 ${quantile(barePlayed.frames, 0.5)} ms, p95 ${p95(barePlayed.frames)} ms, ` +
      `${barePlayed.longFrames.length} long animation frames\n`,
  );
  const goals = { first_idle_ms: 1500, pick_p95_ms: 50, frame_p95_ms: 16.7 };
  const result = {
    bench: 'map',
    constraint_features: held.constraints,
    equipment_features: held.outages,
    first_idle_ms: Math.round(first.idle.t),
    data_ms: first.dataAt,
    main_verbs_ms: verbMs,
    reopen_idle_ms: Math.round(reopened.idle.t),
    pick_p95_ms: p95(picks.ms),
    popup_p50_ms: quantile(popupMs, 0.5),
    frame_p95_ms: p95(played.frames),
    play_steps: played.steps,
    long_frames: played.longFrames.length,
    baseline: { first_idle_ms: Math.round(bareIdle.t), pick_p95_ms: p95(barePicks.ms), frame_p95_ms: p95(barePlayed.frames) },
    goals,
    met: first.idle.t <= goals.first_idle_ms && p95(picks.ms) <= goals.pick_p95_ms && p95(played.frames) <= goals.frame_p95_ms,
    // The app against a bare maplibre page drawing the same style and GeoJSON, measured in the same run.
    ratios: {
      first_idle: round(first.idle.t / Math.max(1, bareIdle.t), 2),
      pick_p95: round(p95(picks.ms) / Math.max(0.1, p95(barePicks.ms)), 2),
      frame_p95: round(p95(played.frames) / Math.max(1, p95(barePlayed.frames)), 2),
    },
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await browser.close();
  await host.close();
  await services.dispose().catch(() => undefined);
  await v1.close();
  await rm(dir, { recursive: true, force: true });
}
