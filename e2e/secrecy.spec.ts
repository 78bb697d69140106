import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { startEchoingV1 } from './fakeV1.js';
import { expect, test } from './fixtures.js';

// Neither the embedded key nor a Remote key typed into Settings appears in anything the page sees or keeps
// (docs/desktop.md#key-storage), except the body of the `keys:set` call that carries it to the host.

interface Seen {
  where: string;
  text: string;
}

function record(page: Page): { seen: Seen[]; settle(): Promise<void> } {
  const seen: Seen[] = [];
  const pending: Promise<unknown>[] = [];
  page.on('request', (req) => {
    pending.push(
      req.allHeaders().then((headers) => {
        seen.push({ where: `request ${req.method()} ${req.url()}`, text: `${req.url()}\n${JSON.stringify(headers)}` });
        seen.push({ where: `request body ${req.url()}`, text: req.postData() ?? '' });
      }),
    );
  });
  page.on('response', (res) => {
    pending.push(
      Promise.all([res.allHeaders(), res.text().catch(() => '')]).then(([headers, body]) => {
        seen.push({ where: `response ${res.status()} ${res.url()}`, text: `${res.url()}\n${JSON.stringify(headers)}\n${body}` });
      }),
    );
  });
  page.on('console', (msg) => seen.push({ where: `console.${msg.type()}`, text: msg.text() }));
  page.on('pageerror', (err) => seen.push({ where: 'pageerror', text: `${err.message}\n${err.stack ?? ''}` }));
  return { seen, settle: async () => void (await Promise.allSettled(pending)) };
}

test('neither the embedded nor the remote key ever reaches the page', async ({ page, host }) => {
  const remoteKey = `gs-remote-${randomBytes(18).toString('hex')}`;
  const v1 = await startEchoingV1();
  const { seen, settle } = record(page);
  const snapshot = async (label: string) => seen.push({ where: `DOM ${label}`, text: await page.content() });
  try {
    await page.goto('/');
    await expect(page.getByTestId('catalogue-table')).toBeVisible();
    await page.getByRole('link', { name: 'PJM Marginal Value Real Time 5 Min' }).click();
    await expect(page.getByTestId('audit-table')).toBeVisible();
    await snapshot('dataset');

    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByLabel('Remote base URL').fill(v1.baseUrl);
    await page.getByRole('button', { name: 'Save URL' }).click();
    await expect(page.getByLabel('Remote base URL')).toHaveValue(v1.baseUrl);
    const keyInput = page.getByLabel('Remote API key');
    await keyInput.fill(remoteKey);
    await page.getByRole('button', { name: 'Save key' }).click();
    await expect(page.getByTestId('key-status')).toContainText('Key set');
    await expect(keyInput).toHaveValue('');
    await snapshot('settings');
    await page.getByRole('radio', { name: /Remote/ }).check();
    await expect(page.getByTestId('profile-badge')).toContainText('Remote —');

    // The echoing server rejects the key (401) and echoes it; the page must get a scrubbed error.
    await page.getByRole('link', { name: 'Catalogue' }).first().click();
    await expect(page.getByTestId('error-state')).toContainText('The API key was rejected. Check the key in Settings.');
    await snapshot('remote catalogue');
    await page.goto('/#/datasets/pjm_marginal_value_day_ahead_hourly');
    await expect(page.getByTestId('error-state')).toHaveAttribute('data-code', 'forbidden');
    await snapshot('remote dataset');
    expect(v1.keysSeen).toContain(remoteKey); // the host did use the key…

    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByRole('radio', { name: /Embedded/ }).check();
    await page.getByRole('link', { name: 'Catalogue' }).first().click();
    await expect(page.getByTestId('catalogue-table')).toBeVisible();
    seen.push({
      where: 'storage',
      // A string expression: this file is type-checked without DOM types.
      text: await page.evaluate<string>(
        'JSON.stringify({ l: { ...localStorage }, s: { ...sessionStorage }, c: document.cookie })',
      ),
    });
    await snapshot('final');
  } finally {
    await settle();
    await v1.close();
  }

  const keysSet = seen.filter((s) => s.where.startsWith('request body') && s.where.endsWith('/bridge/keys:set'));
  expect(keysSet).toHaveLength(1);
  expect(keysSet[0]!.text).toContain(remoteKey);
  const leaks = seen
    .filter((s) => s !== keysSet[0])
    .flatMap((s) => [
      ...(s.text.includes(host.embeddedKey) ? [`embedded key in ${s.where}`] : []),
      ...(s.text.includes(remoteKey) ? [`remote key in ${s.where}`] : []),
    ]);
  expect(leaks).toEqual([]);
  expect(seen.length).toBeGreaterThan(20);
  // Nor may the host's own log.
  expect(host.output()).not.toContain(host.embeddedKey);
  expect(host.output()).not.toContain(remoteKey);
});
