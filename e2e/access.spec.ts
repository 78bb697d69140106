import { expect, test } from './fixtures.js';

// The SameSite=Strict token cookie survives the start URL's redirect, which takes the token out of the address bar.

test('only the printed start URL opens the app, and the token leaves the address bar', async ({ browser, host }) => {
  // A context of its own: the fixtures' contexts already hold the cookie.
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const refused = await page.goto(host.url);
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'Open Gridscope with its start URL' })).toBeVisible();
    await expect(page.locator('body')).toContainText('npm run web');

    const opened = await page.goto(host.startUrl);
    expect(opened?.status()).toBe(200);
    expect(page.url()).toBe(host.url);
    await expect(page.getByTestId('profile-badge')).toHaveText('Embedded — sample data');
    const [cookie] = await context.cookies(host.url);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', secure: false });
    expect(await page.evaluate('document.cookie')).toBe('');
  } finally {
    await context.close();
  }
});
