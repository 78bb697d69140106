import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.js';
import { startSyntheticV1 } from './e2e/fakeV1.js';

const KEY = 'shots-key-0123456789abcdef';
const v1 = await startSyntheticV1(KEY, 'synthetic_lmp_5_min', 1_500_000);
const cfg = mkdtempSync(join(tmpdir(), 'gs-shots-'));
const host = spawn('npx', ['tsx', 'electron/webhost/cli.ts', '--port', '0'], { env: { ...process.env, GRIDSCOPE_CONFIG_DIR: cfg, GRIDSCOPE_CACHE_DIR: cfg }, detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
const startUrl: string = await new Promise((ok) => createInterface({ input: host.stdout! }).on('line', (l) => { const m = /Gridscope at (\S+)/.exec(l); if (m) ok(m[1]!); }));
const base = startUrl.split('?')[0]!;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
try {
  const ctx0 = await browser.newContext();
  const p0 = await ctx0.newPage();
  await p0.goto(startUrl);
  const call = (verb: string, input: unknown) => p0.evaluate(async ([v, i]) => { const r = await fetch(`/bridge/${v}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-gridscope-bridge': '1' }, body: JSON.stringify(i) }); return r.json(); }, [verb, input] as const);
  console.log(JSON.stringify(await call('profiles:setRemoteUrl', { baseUrl: v1.baseUrl })).slice(0, 100));
  await call('keys:set', { profile: 'remote', key: KEY });
  await call('profiles:setActive', { profile: 'remote' });
  const started: any = await call('workspace:pull', { query: { datasetId: 'synthetic_lmp_5_min', startTime: '2020-01-01', endTime: '2022-01-01' } });
  console.log(JSON.stringify(started).slice(0, 200));
  const id = started.value.id;
  for (;;) { const r: any = await call('workspace:pulls', { pullIds: [id] }); if (r.value[0].state !== 'running') { console.log(r.value[0].state, r.value[0].rows); break; } await new Promise((r) => setTimeout(r, 2000)); }
  await ctx0.close();
  for (const [w, h] of [[1400, 900], [800, 600]]) for (const scheme of ['light', 'dark'] as const) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: scheme });
    const page = await ctx.newPage();
    await page.goto(startUrl);
    await page.goto(`${base}#/history`);
    await page.locator(`[data-pull-id="${id}"]`).getByTestId('open-pull').click();
    await page.getByTestId('result-count').filter({ hasText: '1,500,000' }).waitFor();
    await page.getByTestId('go-to-row-input').fill('1,400,000');
    await page.getByTestId('go-to-row-input').press('Enter');
    await page.locator('[aria-rowindex="1400001"]:not(.loading)').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/goto-${w}-${scheme}.png` });
    await page.getByTestId('go-to-row-input').fill('2,000,000');
    await page.getByTestId('go-to-row-input').press('Enter');
    await page.locator('.results-scroll').focus();
    await page.keyboard.press('End');
    await page.locator('[aria-rowindex="1500001"]:not(.loading)').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/end-${w}-${scheme}.png` });
    await ctx.close();
  }
} finally {
  await browser.close();
  process.kill(-host.pid!, 'SIGTERM');
  await v1.close();
}
