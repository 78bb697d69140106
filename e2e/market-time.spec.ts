import type { Page } from '@playwright/test';
import type { PullRecord, VerbInput } from '../shared/index.js';
import { count, expect, test, unwrap } from './fixtures.js';
import type { WebHost } from './fixtures.js';
import { startRecordingV1 } from './fakeV1.js';
import type { RecordingV1 } from './fakeV1.js';

// Market time through the web host (docs/market-time.md): PJM's market days as the windows sent to /v1, hour ending
// on the fall-back day, and the on-peak filter of a pull's results.

const KEY = 'e2e-market-time-key-0123456789';
const DA = 'pjm_marginal_value_day_ahead_hourly';
const HOUR = 3_600_000;

/** The binding page's form, opened again when a pull folded it. */
async function openBindingForm(page: Page): Promise<void> {
  const box = page.locator('details.binding-form-box');
  if ((await box.getAttribute('open')) === null) await box.locator('summary').click();
  await expect(page.getByTestId('binding-form')).toBeVisible();
}

/** Pulls the binding rows the form holds and answers the `start_time`/`end_time` the app sent to /v1 for them. */
async function pullAndSeeWindow(page: Page, v1: RecordingV1): Promise<{ start: string; end: string }> {
  const before = v1.requests.length;
  await page.getByTestId('binding-pull').click();
  const binding = () => v1.requests.slice(before).filter((u) => u.pathname === '/v1/constraints/binding');
  // The last pull's status still reads complete until this one starts: its request is awaited first.
  await expect.poll(() => binding().length, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('pull-status')).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
  const sent = binding();
  expect(sent, 'one binding request per pull').toHaveLength(1);
  return { start: sent[0]!.searchParams.get('start_time')!, end: sent[0]!.searchParams.get('end_time')! };
}

async function useRecordingRemote(host: WebHost, v1: RecordingV1): Promise<void> {
  await unwrap(await host.call('profiles:setRemoteUrl', { baseUrl: v1.baseUrl }));
  await unwrap(await host.call('keys:set', { profile: 'remote', key: KEY }));
  await unwrap(await host.call('profiles:setActive', { profile: 'remote' }));
}

/** The distinct texts of the results table's first (pinned time) column, top to bottom, scrolling through every row. */
async function timeColumnTexts(page: Page): Promise<string[]> {
  return page.locator('.results-scroll').evaluate(async (el) => {
    const seen: string[] = [];
    const collect = () => {
      for (const row of el.querySelectorAll('[data-testid="result-row"]')) {
        const text = row.querySelector('td')?.textContent ?? '';
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    el.scrollTop = 0;
    for (let i = 0; i < 200; i++) {
      await new Promise((r) => setTimeout(r, 120));
      collect();
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) break;
      el.scrollTop += Math.max(40, el.clientHeight - 60);
    }
    return seen;
  });
}

test('on PJM, "Yesterday" and chosen market days send 04:00Z→04:00Z (EDT) and 05:00Z→05:00Z (EST); the fall-back day is 25 hours and reads HE01…HE24 with HE02*', async ({
  page,
  host,
}) => {
  test.setTimeout(120_000);
  const v1 = await startRecordingV1(KEY);
  try {
    await useRecordingRemote(host, v1);
    // Noon EDT on Thursday 2024-09-05: "Yesterday" is PJM's market day 2024-09-04.
    await page.clock.setFixedTime(new Date('2024-09-05T16:00:00Z'));
    await page.goto('/#/binding');
    await expect(page.getByText('Start (EDT)')).toBeVisible();

    await page.getByTestId('window-preset-yesterday').click();
    await expect(page.getByTestId('binding-start')).toHaveValue('2024-09-04 00:00');
    await expect(page.getByTestId('binding-end')).toHaveValue('2024-09-05 00:00');
    expect(await pullAndSeeWindow(page, v1)).toEqual({ start: '2024-09-04T04:00:00Z', end: '2024-09-05T04:00:00Z' });

    // A chosen market day in winter (EST).
    await openBindingForm(page);
    await page.getByTestId('binding-day').fill('2023-11-06');
    await page.getByTestId('binding-day-show').click();
    await expect(page.getByText('Start (EST)')).toBeVisible();
    expect(await pullAndSeeWindow(page, v1)).toEqual({ start: '2023-11-06T05:00:00Z', end: '2023-11-07T05:00:00Z' });

    // The fall-back day, in the embedded PJM day-ahead hourly data: 00:00 EDT to 00:00 EST, 25 hours.
    await openBindingForm(page);
    // The select asks for the datasets once reached for (focus), as a user's click does.
    await page.getByTestId('binding-dataset').focus();
    await page.getByTestId('binding-dataset').selectOption(DA);
    await page.getByTestId('binding-day').fill('2023-11-05');
    await page.getByTestId('binding-day').press('Enter');
    await expect(page.getByText('Start (EDT)')).toBeVisible();
    await expect(page.getByText('End (EST, exclusive)')).toBeVisible();
    const fallBack = await pullAndSeeWindow(page, v1);
    expect(fallBack).toEqual({ start: '2023-11-05T04:00:00Z', end: '2023-11-06T05:00:00Z' });
    expect((Date.parse(fallBack.end) - Date.parse(fallBack.start)) / HOUR).toBe(25);

    // Shown as hour ending, the day's hours read as PJM publishes them.
    await page.getByTestId('hour-ending').check();
    await expect(page.getByTestId('result-row').first().locator('td').first()).toHaveText('2023-11-05 HE01');
    const he = (n: number) => `2023-11-05 HE${String(n).padStart(2, '0')}`;
    expect(await timeColumnTexts(page)).toEqual([
      he(1),
      he(2),
      '2023-11-05 HE02*',
      ...Array.from({ length: 22 }, (_v, i) => he(i + 3)),
    ]);
  } finally {
    await v1.close();
  }
});

/** Weekday 07:00–23:00 in New York, not a NERC holiday of the week (Thanksgiving, 2017-11-23): an independent reading. */
function onPeakInNewYork(iso: string): boolean {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const hour = Number(parts.hour);
  return !['Sat', 'Sun'].includes(parts.weekday!) && date !== '2017-11-23' && hour >= 7 && hour < 23;
}

test('an on-peak filter over a week keeps only weekday 07:00–23:00 EPT intervals (Thanksgiving off-peak)', async ({
  page,
  host,
}) => {
  // NYISO's zonal load forecast, Wednesday 2017-11-22 to Tuesday 2017-11-28 (EST), 12 zones an hour.
  const started = await unwrap(
    await host.call('workspace:pull', {
      query: {
        datasetId: 'nyiso_zonal_load_forecast_hourly',
        startTime: '2017-11-22',
        endTime: '2017-11-29',
        timezone: 'market',
      },
    }),
  );
  let pull: PullRecord | undefined;
  await expect
    .poll(async () => {
      [pull] = await unwrap(await host.call('workspace:pulls', { pullIds: [started.id] }));
      return pull?.state;
    })
    .toBe('complete');
  const all = await unwrap(await host.call('workspace:rows', { pullId: started.id, limit: 10_000 }));
  const time = all.columns.findIndex((c) => c.name === 'interval_start_utc');
  const expected = all.rows.filter((r) => onPeakInNewYork(String(r[time])));
  expect(expected.length, 'the week has on-peak hours').toBeGreaterThan(0);
  expect(expected.length).toBeLessThan(all.totalRows);

  const asked: VerbInput<'workspace:rows'>[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/workspace:rows')) asked.push(r.postDataJSON() as VerbInput<'workspace:rows'>);
  });
  await page.goto('/#/history');
  await page.locator(`[data-pull-id="${started.id}"]`).getByTestId('open-pull').click();
  await expect(page.getByTestId('result-count')).toContainText(`${count(all.totalRows)} rows`);
  await page.getByTestId('peak-filter').selectOption({ label: 'On-peak (5x16)' });
  await expect(page.getByTestId('result-count')).toContainText(
    `${count(expected.length)} rows (filtered from ${count(all.totalRows)})`,
  );

  // What the page asked the workspace for keeps exactly those rows.
  const last = asked.findLast((a) => a.peak !== undefined)!;
  expect(last.peak).toEqual({ column: 'interval_start_utc', bucket: 'on_peak', zone: 'US/Eastern' });
  const kept = await unwrap(await host.call('workspace:rows', { pullId: started.id, limit: 10_000, peak: last.peak }));
  expect(kept.totalRows).toBe(expected.length);
  expect(kept.rows.map((r) => r[time])).toEqual(expected.map((r) => r[time]));
  expect(kept.rows.every((r) => onPeakInNewYork(String(r[time])))).toBe(true);
});
