import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures.js';

/** Settings → Remote: a key the server rejects, an unreachable /v1 server, and the way back to Embedded. */

/** A /v1 stand-in that answers every request 401 `{"detail":"Invalid API key"}`, as /v1 does for a wrong key. */
async function startRejectingV1(): Promise<{ baseUrl: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Invalid API key' }));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

test('a wrong Remote key is reported when it is saved, and again by Test connection', async ({ page }) => {
  const v1 = await startRejectingV1();
  try {
    await page.goto('/#/settings');
    const url = page.getByLabel('Remote base URL');
    await url.fill(v1.baseUrl);
    await page.getByRole('button', { name: 'Save URL' }).click();
    await expect(url).toHaveValue(v1.baseUrl);
    const host = new URL(v1.baseUrl).host;

    await page.getByLabel('Remote API key').fill('wrong-key');
    await page.getByRole('button', { name: 'Save key' }).click();
    const outcome = page.getByTestId('key-test');
    await expect(outcome).toHaveText(
      `The server at ${host} rejected the key (401). Check that it was copied whole and is a key for this server.`,
    );
    await expect(outcome).toHaveAttribute('data-state', 'rejected');
    await expect(page.getByTestId('key-status')).toContainText('Key set');
    expect(v1.requests.some((r) => r.startsWith('/v1/api_usage'))).toBe(true);

    const asked = v1.requests.length;
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => v1.requests.length).toBeGreaterThan(asked);
    await expect(outcome).toHaveAttribute('data-state', 'rejected');
  } finally {
    await v1.close();
  }
});

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
  await expect(page.getByTestId('key-test')).toContainText('No answer from 127.0.0.1:9');
  await page.getByRole('radio', { name: /Remote/ }).check();
  // The key test found no server there: the badge says so in words (and an icon of its own).
  const badge = page.getByTestId('profile-badge');
  await expect(badge).toHaveText('Remote — 127.0.0.1:9 · unreachable');
  await expect(badge).toHaveAttribute('data-state', 'unreachable');

  // "Unreachable" appears within the time its message states: the page does not ask again what main already retried.
  const asked = Date.now();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalogue' }).click();
  const error = page.getByTestId('error-state');
  await expect(error).toBeVisible({ timeout: 15_000 });
  const shownAfterMs = Date.now() - asked;
  const stated = /Gave up after (\d+) attempts over (\d+) s/.exec((await error.textContent()) ?? '');
  expect(stated, 'the error says how long it tried').not.toBeNull();
  expect(shownAfterMs).toBeLessThanOrEqual((Number(stated![2]) + 0.5) * 1000 + 1_500);
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

test('the badge tells a rejected key from an unreachable server', async ({ page }) => {
  const v1 = await startRejectingV1();
  try {
    await page.goto('/#/settings');
    await page.getByLabel('Remote base URL').fill(v1.baseUrl);
    await page.getByRole('button', { name: 'Save URL' }).click();
    await page.getByLabel('Remote API key').fill('wrong-key');
    await page.getByRole('button', { name: 'Save key' }).click();
    await expect(page.getByTestId('key-test')).toHaveAttribute('data-state', 'rejected');
    await page.getByRole('radio', { name: /Remote/ }).check();
    const badge = page.getByTestId('profile-badge');
    const host = new URL(v1.baseUrl).host;
    await expect(badge).toHaveText(`Remote — ${host} · key rejected`);
    await expect(badge).toHaveAttribute('data-state', 'rejected');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalogue' }).click();
    await expect(page.getByTestId('error-state')).toHaveAttribute('data-code', 'auth');
    await expect(badge).toHaveText(`Remote — ${host} · key rejected`);

    // The same key on a host where nothing listens: unreachable, not rejected.
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByLabel('Remote base URL').fill(`http://${host.replace(/:\d+$/, '')}:9/v1`);
    await page.getByRole('button', { name: 'Save URL' }).click();
    await page.getByLabel('Remote API key').fill('wrong-key');
    await page.getByRole('button', { name: 'Save key' }).click();
    await expect(page.getByTestId('key-test')).toContainText('No answer from 127.0.0.1:9');
    await expect(badge).toHaveText('Remote — 127.0.0.1:9 · unreachable');
    await expect(badge).toHaveAttribute('data-state', 'unreachable');
  } finally {
    await v1.close();
  }
});

test('Remote without a key asks before switching, says what will not work and offers to add a key', async ({ page }) => {
  await page.goto('/#/settings');
  const badge = page.getByTestId('profile-badge');
  await expect(badge).toHaveText('Embedded — sample data');
  await page.getByRole('radio', { name: /Remote/ }).click();
  const ask = page.getByRole('alertdialog', { name: 'Remote has no API key yet.' });
  await expect(ask).toContainText('the catalogue, queries, constraints, the map and exports stay empty');
  await expect(page.getByRole('radio', { name: /Embedded/ })).toBeChecked();
  await expect(badge).toHaveText('Embedded — sample data');

  await ask.getByRole('button', { name: 'Add a key first' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByLabel('Remote API key')).toBeFocused();
  await expect(badge).toHaveText('Embedded — sample data');

  await page.getByRole('radio', { name: /Remote/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Switch to Remote anyway' }).click();
  await expect(badge).toHaveText('Remote — api.gridstatus.io · no key');
  await expect(badge).toHaveAttribute('data-state', 'no-key');
  await expect(page.getByRole('radio', { name: /Remote/ })).toBeChecked();
});
