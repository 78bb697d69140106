import { expect, test } from './fixtures.js';
import type { Page } from '@playwright/test';
import type { WebHost } from './fixtures.js';

// Free plan: the footer meter equals the server's /v1/api_usage once a screen settles (usage is read through the uncounted
// usage:get, which the server does not count).

test.use({ plan: 'free' });

async function serverCount(host: WebHost): Promise<number> {
  const r = await host.call('usage:get', {});
  if (!r.ok) throw new Error(`usage:get: ${r.error.message}`);
  return r.value.current_period_usage.total_requests;
}

const meter = (n: number) => `Requests ${n} / 250`;

/** Whether the footer meter shows the server's count at one moment. */
async function meterIsServer(page: Page, host: WebHost): Promise<boolean> {
  const shown = await page.getByTestId('usage-requests').textContent();
  return shown === meter(await serverCount(host));
}

test('the meter equals /v1/api_usage after each screen settles', async ({ page, host }) => {
  await page.goto('/');
  await expect(page.getByTestId('catalogue-table')).toBeVisible();
  await expect.poll(() => meterIsServer(page, host)).toBe(true);

  // The dataset page asks for the dataset, its audit and its updates: the meter follows without a reload.
  const before = await serverCount(host);
  await page.getByRole('link', { name: 'PJM Marginal Value Real Time 5 Min' }).click();
  await expect(page.getByTestId('dataset-page')).toBeVisible();
  await expect.poll(() => serverCount(host)).toBeGreaterThan(before);
  // Settled: the server's count holds still (a request waiting out the plan's 1 request/s may still follow).
  let settled = -1;
  await expect
    .poll(
      async () => {
        const [was, now] = [settled, await serverCount(host)];
        settled = now;
        return was === now;
      },
      { intervals: [1_500] },
    )
    .toBe(true);
  await expect.poll(() => meterIsServer(page, host)).toBe(true);

  // The query page's estimate before Run costs no counted request.
  await page.getByTestId('open-query').click();
  await expect(page.getByTestId('estimate-preview-rows')).toBeVisible();
  await expect.poll(() => meterIsServer(page, host)).toBe(true);
  expect(await serverCount(host)).toBe(settled);
});
