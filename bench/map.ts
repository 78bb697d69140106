import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import type { MapFeatures, Result } from '../shared/index.js';
import { dispatch, setLogSink } from '../electron/services/index.js';
import { startWebHost } from '../electron/webhost/server.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.js';
import { SCALED_DATASET } from '../server/data/synthetic/scale.js';
import { quantile } from './lib/constraints.js';
import { serveBaseline, type BaselineSetup } from './lib/mapBaseline.js';
import { benchServices, startScaledV1Process } from './lib/v1Process.js';

// `npm run bench -- map [--dir d] [--only hour|month] [--picks 100] [--steps 20] [--play 5] [--no-build]`: the map page
// (deck.gl in maplibre, `map:features` as Arrow columns) on the SYNTHETIC `--scale` data in Chromium through the web
// host, at two sizes — an hour of ~20k outage equipment and 5k binding runs, and an ISO-month of ≥ 100k equipment and
// ≥ 20k runs played a day at a time — each against a bare deck.gl page drawing the same basemap and Arrow streams in
// the same browser (bench/README.md).

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    dir: { type: 'string' },
    only: { type: 'string' },
    picks: { type: 'string', default: '100' },
    steps: { type: 'string', default: '20' },
    play: { type: 'string', default: '5' },
    'no-build': { type: 'boolean' },
  },
  strict: true,
});
const PICKS = Number(values.picks);
const STEPS = Number(values.steps);
const PLAY_MS = Number(values.play) * 1000;
if (
  ![PICKS, STEPS].every((n) => Number.isSafeInteger(n) && n >= 2) ||
  !(PLAY_MS > 0) ||
  !['hour', 'month', undefined].includes(values.only)
) {
  process.stderr.write(
    'usage: npm run bench -- map [--dir d] [--only hour|month] [--picks N] [--steps N] [--play S] [--no-build]\n',
  );
  process.exit(2);
}
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SEED = 20240901;
const KEY = 'bench-map-key-0123456789abcdef';
const PAGE_SCRIPT = fileURLToPath(new URL('./lib/mapPage.js', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const round = (x: number, digits = 1): number => Number(x.toFixed(digits));
const p95 = (xs: number[]): number | null => (xs.length ? quantile(xs, 0.95) : null);

/** One size of the run: the generator's options, the window shown and the slider steps. */
interface Size {
  name: 'hour' | 'month';
  sizes: { days: number; binding: number; constraints: number; tickets: number };
  dailyBinding: boolean;
  /** The rows the size must hold (the floors). */
  floor: { runs: number; equipment: number };
  /** The address's step when opened (every feature of the first window shown) and the step played, with its ms. */
  openStep: string;
  playStep: { key: string; label: string; ms: number };
  goals: Record<string, number>;
}

// (a) the data's last hour: `--tickets 17000` spread over one day leaves about 20,000 pieces of equipment active in it,
// and every one of the 5,000 synthetic constraints binds every interval. (b) 30 days: 72,000 tickets generated, of which
// about 53,000 are active in the month and not Cancelled (106,000 pieces of equipment; 60,000 gave 88,000, under the
// floor), and 700 constraints thinned to one interval a day, 21,000 runs.
const SIZES: Size[] = [
  {
    name: 'hour',
    sizes: { days: 1, binding: 5000, constraints: 100_000, tickets: 17_000 },
    dailyBinding: false,
    floor: { runs: 5000, equipment: 15_000 },
    openStep: '1h',
    playStep: { key: '5m', label: '5 minutes', ms: 5 * 60_000 },
    goals: { first_idle_ms: 1500, payload_mb: 2, step_ms_p95: 50, pick_p95_ms: 20, frame_ratio: 1.2 },
  },
  {
    name: 'month',
    sizes: { days: 30, binding: 700, constraints: 100_000, tickets: 72_000 },
    dailyBinding: true,
    floor: { runs: 20_000, equipment: 100_000 },
    openStep: '1d',
    playStep: { key: '1d', label: '1 day', ms: DAY },
    goals: { first_idle_ms: 3000, payload_mb: 8, step_ms_p95: 100, heap_mb: 300, frame_ratio: 1.2 },
  },
];

interface Idle {
  t: number;
  runs: number | null;
  equipment: number | null;
}
interface Frames {
  frames: number[];
  longFrames: number[];
  steps: number;
}
interface Picks {
  one: number[];
  many: number[];
  hits: number;
}

setLogSink(() => undefined);
if (!values['no-build']) {
  process.stdout.write('building the renderer (vite)…\n');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'renderer/vite.config.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });

/** A fresh 1400×900 page with bench/lib/mapPage.js; its errors are collected in `errors`. */
async function newPage(b: Browser, errors: string[]): Promise<Page> {
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
 * The first frame drawn with rows, and the first idle at which the map holds rows (`data-map-idle` is "true" only once
 * every answer is drawn and maplibre stopped rendering), or null when it does not come within `idleMs` of that frame.
 * @throws after `timeoutMs` without a frame with rows, with what the page showed.
 */
async function firstIdle(page: Page, timeoutMs: number, idleMs = 15_000): Promise<{ drawn: Idle; idle: Idle | null }> {
  try {
    await page.waitForFunction('window.__mapBench.drawn.t !== null', undefined, { timeout: timeoutMs, polling: 50 });
  } catch (error) {
    const state = await page
      .evaluate(
        `JSON.stringify({ drawn: window.__mapBench.drawn, rows: window.__mapBenchTools.held(),
          idle: document.querySelector('[data-testid="grid-map"]')?.getAttribute('data-map-idle'),
          text: document.body.innerText.slice(0, 400) })`,
      )
      .catch(() => 'unknown');
    throw new Error(`the map never drew its rows: ${String(state)} (${String(error).split('\n')[0]})`);
  }
  const drawn = (await page.evaluate('window.__mapBench.drawn')) as Idle;
  const seen = `window.__mapBench.idles.find((i) => i.runs > 0 && i.equipment > 0)`;
  const idle = await page
    .waitForFunction(seen, undefined, { timeout: idleMs, polling: 50 })
    .then(async (h) => (await h.jsonValue()) as Idle)
    .catch(() => null);
  return { drawn, idle };
}

/** Frames maplibre rendered during `ms` with nothing changed (0 for a map at rest). */
async function restingRenders(page: Page, ms = 2000): Promise<number> {
  const before = (await page.evaluate('window.__mapBench.drawn.renders')) as number;
  await page.waitForTimeout(ms);
  return ((await page.evaluate('window.__mapBench.drawn.renders')) as number) - before;
}

// A settle between steps: idle when the map reports it, else a short pause (a map that keeps rendering never does).
const idleNow = (page: Page) =>
  page
    .waitForFunction(`document.querySelector('[data-testid="grid-map"]').getAttribute('data-map-idle') === 'true'`, undefined, {
      timeout: 1000,
    })
    .catch(() => undefined);

/** Heap in use after a garbage collection (MB), through the DevTools protocol. */
async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return round(usedSize / 1e6);
}

/** `n` arrow-key steps (forward for the first half, then back), each timed to the next map frame. */
async function steps(page: Page, n: number, focus?: () => Promise<void>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    await focus?.();
    await tools(page, 'armStep(30000)');
    await page.keyboard.press(i < n / 2 ? 'ArrowRight' : 'ArrowLeft');
    ms.push((await page.evaluate('window.__mapBenchStep')) as number);
    await idleNow(page);
  }
  return ms;
}

/** Measures one size; every figure measured before a failure is kept, the failure noted in `error`. */
async function measure(size: Size): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { size: size.name };
  const file = values.dir ? path.join(values.dir, `map-${size.name}.duckdb`) : undefined;
  const started = performance.now();
  const v1 = await startScaledV1Process({ file, sizes: size.sizes, dailyBinding: size.dailyBinding });
  if (v1.generateSeconds > 0) out.generate_s = round(v1.generateSeconds);
  const dataEnd = Date.parse(v1.window.end);
  const win =
    size.name === 'hour'
      ? { start: new Date(dataEnd - HOUR).toISOString(), end: new Date(dataEnd).toISOString() }
      : {
          start: new Date(Math.floor(Date.parse(v1.window.start) / DAY) * DAY).toISOString(),
          end: new Date(Math.ceil(dataEnd / DAY) * DAY).toISOString(),
        };
  out.window = win;
  const dir = await mkdtemp(path.join(tmpdir(), 'gridscope-bench-map-'));
  const services = benchServices(dir, v1.origin, KEY);
  const host = await startWebHost({ port: 0, configDir: dir, services });
  const errors: string[] = [];
  const note = (what: string) =>
    process.stdout.write(`[${size.name} ${Math.round((performance.now() - started) / 1000)} s] ${what}\n`);
  try {
    const app = await newPage(browser, errors);
    await app.goto(host.startUrl);
    await app.goto('about:blank');
    const address = new URLSearchParams({
      dataset: SCALED_DATASET.dataset_id,
      market: 'pjm',
      start: win.start,
      end: win.end,
      t: win.start,
      step: size.openStep,
      top: 'all',
    });
    await app.goto(`${host.url}#/map?${address.toString()}`);
    const first = await firstIdle(app, 600_000);
    const idle = first.drawn;
    out.first_drawn_ms = Math.round(first.drawn.t);
    out.first_idle_ms = first.idle ? Math.round(first.idle.t) : null;
    out.renders_at_rest_2s = await restingRenders(app);
    out.runs = idle.runs;
    out.equipment = idle.equipment;
    out.size_met = idle.runs! >= size.floor.runs && idle.equipment! >= size.floor.equipment;
    const calls =
      (await app.evaluate(`performance.getEntriesByType('resource').filter((e) => e.name.includes('/bridge/map:features'))
      .map((e) => [e.encodedBodySize, Math.round(e.startTime), Math.round(e.responseEnd)])`)) as [number, number, number][];
    out.payload_mb = round(calls.reduce((s, [b]) => s + b, 0) / 1e6, 2);
    out.data_ms = Math.max(0, ...calls.map((c) => c[2]));
    note(
      `first drawn ${out.first_drawn_ms} ms, first idle ${out.first_idle_ms} ms, ${idle.runs} runs, ${idle.equipment} equipment, payload ${out.payload_mb} MB`,
    );
    out.heap_mb = await heapMb(app);

    const slider = app.getByRole('slider', { name: 'Time' });
    const t = Number(await slider.inputValue());
    const openMs = size.openStep === '1h' ? HOUR : DAY;
    const picks = await tools<Picks>(app, `picks(${PICKS}, ${SEED}, ${t}, ${t + openMs})`);
    out.pick_p95_ms = p95(picks.one);
    out.pick_multiple_p95_ms = p95(picks.many);
    out.pick_hits = `${picks.hits}/${picks.one.length}`;

    const setup = (await app.evaluate(`(() => {
      const el = document.querySelector('[data-testid="grid-map"]');
      const map = el.gsMap;
      const c = map.getCenter();
      const style = map.getStyle();
      style.layers = style.layers.filter((l) => l.type !== 'custom');
      return { style, camera: { center: [c.lng, c.lat], zoom: map.getZoom(), bearing: map.getBearing(), pitch: map.getPitch() },
               width: el.clientWidth, height: el.clientHeight, originMs: el.gsRows.originMs };
    })()`)) as Omit<BaselineSetup, 'startMs' | 'stepMs' | 'endMs'>;

    // Steps of the played size on the slider, then Play.
    if (size.playStep.key !== size.openStep) {
      await app.getByLabel('Step').selectOption(size.playStep.key);
      await idleNow(app);
    }
    const start = Number(await slider.inputValue());
    const stepMs = await steps(app, STEPS, () => slider.focus());
    out.step_ms_p95 = p95(stepMs);
    note(`pick p95 ${out.pick_p95_ms} ms, step p95 ${out.step_ms_p95} ms, heap ${out.heap_mb} MB`);
    await app.getByRole('button', { name: 'Play' }).click();
    const played = await tools<Frames>(app, `frames(${PLAY_MS})`);
    out.frame_p95_ms = p95(played.frames);
    out.play_steps = played.steps;
    out.long_frames = played.longFrames.length;
    const pause = app.getByRole('button', { name: 'Pause' });
    if (await pause.isVisible()) await pause.click();
    out.heap_after_play_mb = await heapMb(app);
    await app.close();

    // The bare page: the same Arrow streams, from main's verb (its answers are cached from the page's call).
    const features = (await dispatch(services.handlers, 'map:features', {
      datasetId: SCALED_DATASET.dataset_id,
      market: 'pjm',
      window: win,
    })) as Result<MapFeatures>;
    if (!features.ok) throw new Error(`map:features: ${features.error.message}`);
    const baseline = await serveBaseline(
      { ...setup, startMs: start, stepMs: size.playStep.ms, endMs: Date.parse(win.end) },
      { runs: features.value.runs, equipment: features.value.equipment },
    );
    const bare = await newPage(browser, errors);
    await bare.goto(baseline.url);
    const bareFirst = await firstIdle(bare, 600_000);
    const barePicks = await tools<Picks>(bare, `picks(${PICKS}, ${SEED}, ${start}, ${start + size.playStep.ms})`);
    const bareSteps = await steps(bare, STEPS);
    const bareIdleFrames = await tools<Frames>(bare, `frames(${PLAY_MS})`);
    await bare.evaluate('window.__baseline.play(700)');
    const barePlayed = await tools<Frames>(bare, `frames(${PLAY_MS})`);
    await bare.evaluate('window.__baseline.stop()');
    out.bare = {
      first_drawn_ms: Math.round(bareFirst.drawn.t),
      first_idle_ms: bareFirst.idle ? Math.round(bareFirst.idle.t) : null,
      renders_at_rest_2s: await restingRenders(bare),
      pick_p95_ms: p95(barePicks.one),
      pick_hits: `${barePicks.hits}/${barePicks.one.length}`,
      step_ms_p95: p95(bareSteps),
      idle_frame_p95_ms: p95(bareIdleFrames.frames),
      frame_p95_ms: p95(barePlayed.frames),
      heap_mb: await heapMb(bare),
    };
    await bare.close();
    await baseline.close();
    const frameGoal = round(size.goals.frame_ratio! * p95(bareIdleFrames.frames)!);
    out.goals = { ...size.goals, frame_p95_ms: frameGoal };
    const met: Record<string, boolean> = {
      first_idle_ms: out.first_idle_ms !== null && (out.first_idle_ms as number) <= size.goals.first_idle_ms!,
      payload_mb: (out.payload_mb as number) <= size.goals.payload_mb!,
      step_ms_p95: (out.step_ms_p95 as number) <= size.goals.step_ms_p95!,
      frame_p95_ms: (out.frame_p95_ms as number) <= frameGoal,
    };
    if (size.goals.pick_p95_ms) met.pick_p95_ms = (out.pick_p95_ms as number) <= size.goals.pick_p95_ms;
    if (size.goals.heap_mb) met.heap_mb = (out.heap_mb as number) <= size.goals.heap_mb;
    out.met = met;
    if (errors.length > 0) out.page_errors = errors.slice(0, 5);
  } catch (error) {
    out.error = String(error).split('\n')[0];
    if (errors.length > 0) out.page_errors = errors.slice(0, 5);
  } finally {
    await host.close();
    await services.dispose().catch(() => undefined);
    await v1.close();
    await rm(dir, { recursive: true, force: true });
  }
  note(JSON.stringify(out));
  return out;
}

const results: Record<string, unknown> = {};
try {
  for (const size of SIZES.filter((s) => !values.only || s.name === values.only)) results[size.name] = await measure(size);
} finally {
  await browser.close();
}
process.stdout.write(`${JSON.stringify({ bench: 'map', ...results })}\n`);
