import { BRIDGE_HEADER, BRIDGE_PATH } from '../shared/index.js';
import { count, expect, test, unwrap } from './fixtures.js';
import { RT_DATASET } from './gridData.js';

// The watchlist through the web host on the embedded service's real PJM binding rows: a constraint and a location
// starred on their pages, a path address starred through the page's bridge, all there with their changes after the
// web host restarts; one deleted. Its own host (a distinct worker option): it restarts.
test.use({ usedThisMonth: { rows: 0, requests: 2 } });

// PJM market days Sep 2–3, 2024 (EDT): the look's window, and the pages' window.
const WINDOW = { start: '2024-09-02T04:00:00Z', end: '2024-09-04T04:00:00Z' };
const search = new URLSearchParams({ dataset: RT_DATASET, market: 'pjm', start: WINDOW.start, end: WINDOW.end }).toString();
const money = (n: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

test('starred items outlive a web host restart, show what changed, and can be deleted', async ({ page, host }) => {
  const { constraints } = await unwrap(
    await host.call('binding:constraints', { datasetId: RT_DATASET, market: 'pjm', window: WINDOW }),
  );
  const top = constraints[0]!;
  const id = top.constraint_gs_entity_id!;
  const located = await unwrap(await host.call('locations:list', { market: 'pjm', limit: 5000 }));
  const { rows } = await unwrap(await host.call('constraints:shiftFactors', { constraintId: id, datasetId: RT_DATASET }));
  const moved = rows.filter((r) => r.estimated_shift_factor !== 0).map((r) => r.location_gs_entity_id);
  const [source, sink] = located.filter((l) => moved.includes(l.gs_entity_id));
  expect(sink, 'two locations the constraint moves').toBeTruthy();

  // A constraint, starred on its page.
  await page.goto(`/#/constraints/${encodeURIComponent(id)}?${search}`);
  await expect(page.getByRole('heading', { level: 1, name: top.constraint_name })).toBeVisible();
  const star = page.getByTestId('watch-star');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(star).toHaveText(/Watching/);

  // A location, starred on its page.
  await page.goto(`/#/locations/${encodeURIComponent(source!.gs_entity_id)}?${search}`);
  await expect(page.getByRole('heading', { level: 1, name: source!.name })).toBeVisible();
  await page.getByTestId('watch-star').click();
  await expect(page.getByTestId('watch-star')).toHaveAttribute('aria-pressed', 'true');

  // A path address, through the page's own bridge (the verb the path page's star calls).
  const path = {
    kind: 'path',
    name: `${source!.name} → ${sink!.name}`,
    market: 'pjm',
    datasetId: RT_DATASET,
    address: `#/paths?source=${source!.gs_entity_id}&sink=${sink!.gs_entity_id}&${search}`,
    sourceId: source!.gs_entity_id,
    sinkId: sink!.gs_entity_id,
  };
  // The page's bridge is HTTP on the web host: the same POST its transport makes, with the page's cookie and header.
  const added = await page.evaluate(
    async ({ target, path: bridge, header }) => {
      const res = await fetch(`${bridge}/watchlist:add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: '1' },
        body: JSON.stringify(target),
      });
      return (await res.json()) as { ok: boolean };
    },
    { target: path, path: BRIDGE_PATH, header: BRIDGE_HEADER },
  );
  expect(added.ok).toBe(true);

  // Nothing on the page may call the host while it is down (a refused call is a console error).
  await page.goto('about:blank');
  await host.restart();
  await page.goto(host.startUrl);
  await page.goto(new URL('/#/watchlist?days=2&last=2024-09-03', host.url).href);
  await expect(page.getByRole('link', { name: 'Watchlist' })).toHaveAttribute('aria-current', 'page');
  const items = page.getByTestId('watch-item');
  await expect(items).toHaveCount(3);
  await expect(page.getByTestId('watch-status')).toHaveText('3 items');
  await expect(page.getByTestId('watch-problem')).toHaveCount(0);

  // The constraint: its binding intervals and absolute cost over the two market days, against the two before.
  const before = await unwrap(
    await host.call('binding:constraints', {
      datasetId: RT_DATASET,
      market: 'pjm',
      window: { start: '2024-08-31T04:00:00Z', end: WINDOW.start },
    }),
  );
  const previous = before.constraints.find((c) => c.constraint_gs_entity_id === id)?.absolute_cost ?? 0;
  const constraint = items.filter({ hasText: top.constraint_name }).and(page.locator('[data-kind="constraint"]'));
  const facts = constraint.getByTestId('watch-facts');
  await expect(facts.locator('[data-fact="Binding intervals"] dd')).toHaveText(
    `${count(top.binding_intervals)} (first look: new ones count from here)`,
  );
  await expect(facts.locator('[data-fact="Absolute cost"] dd')).toContainText(
    `${money(top.absolute_cost)} $/MW, against ${money(previous)} $/MW in the 2 market days before`,
  );
  await expect(constraint).toContainText('2024-09-02 00:00 → 2024-09-04 00:00 EDT');
  // The location and the path: an adjusted cost from their shift factors.
  for (const kind of ['location', 'path'])
    await expect(
      page.locator(`[data-kind="${kind}"]`).getByTestId('watch-facts').locator('[data-fact="Adjusted cost"] dd'),
    ).toContainText('$/MW, against');

  // Deleting the path leaves the other two, in the page and in the workspace.
  const pathItem = page.locator('[data-kind="path"]');
  await pathItem.getByTestId('watch-delete').click();
  await pathItem.getByTestId('watch-delete-yes').click();
  await expect(items).toHaveCount(2);
  expect((await unwrap(await host.call('watchlist:list', {}))).map((i) => i.target.kind).sort()).toEqual([
    'constraint',
    'location',
  ]);

  // Opening the constraint goes to its page as starred, its star lit.
  await constraint.getByTestId('watch-open').click();
  await expect(page.getByRole('heading', { level: 1, name: top.constraint_name })).toBeVisible();
  await expect(page.getByTestId('watch-star')).toHaveAttribute('aria-pressed', 'true');
  expect(
    (await unwrap(await host.call('watchlist:list', {}))).find((i) => i.target.kind === 'constraint')!.openedAt,
  ).not.toBeNull();
});
