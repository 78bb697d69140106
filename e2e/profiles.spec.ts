import { expect, test } from './fixtures.js';

/** Settings → Remote with an unreachable /v1 server, and the way back to Embedded. */

const UNREACHABLE = 'http://127.0.0.1:9/v1';

test('an unreachable Remote shows a network error naming the URL; Embedded recovers', async ({ page }) => {
  await page.goto('/#/settings');
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await expect(page.getByTestId('app-info')).toContainText('web host');

  const url = page.getByLabel('Remote base URL');
  await url.fill('not a url');
  await page.getByRole('button', { name: 'Save URL' }).click();
  await expect(page.getByTestId('remote-url-error')).toContainText('must be https');
  await url.fill(UNREACHABLE);
  await page.getByRole('button', { name: 'Save URL' }).click();
  await expect(page.getByTestId('remote-url-error')).toHaveCount(0);
  await expect(url).toHaveValue(UNREACHABLE);

  await page.getByLabel('Remote API key').fill('gs-unreachable-key-0001');
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByTestId('key-status')).toContainText('Key set');
  await page.getByRole('radio', { name: /Remote/ }).check();
  await expect(page.getByTestId('profile-badge')).toHaveText('Remote — 127.0.0.1:9');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalogue' }).click();
  const error = page.getByTestId('error-state');
  await expect(error).toBeVisible();
  await expect(error).toHaveAttribute('data-code', 'network');
  await expect(error).toContainText(`Could not reach the data service at ${UNREACHABLE}`);
  await expect(error).toContainText('Settings');
  await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();

  await error.getByRole('button', { name: 'Open Settings' }).click();
  await page.getByRole('radio', { name: /Embedded/ }).check();
  await expect(page.getByTestId('profile-badge')).toHaveText('Embedded — sample data');
  await page.getByRole('link', { name: 'Catalogue' }).first().click();
  await expect(page.getByTestId('catalogue-table')).toBeVisible();
  await expect.poll(() => page.getByTestId('catalogue-row').count()).toBeGreaterThanOrEqual(10);
  await expect(page.getByTestId('error-state')).toHaveCount(0);
});
