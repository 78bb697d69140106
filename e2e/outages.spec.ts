import type { Page } from '@playwright/test';
import type { OutageTicket } from '../shared/index.js';
import { expect, test, unwrap } from './fixtures.js';
import { RT_DATASET, WINDOW, expectedOverlaps } from './gridData.js';

// The Outages screen and ticket pages on the embedded service's outage tickets (SYNTHETIC but 724453), checked against
// the raw /v1 answer filtered here, apart from the app's code (docs/outages.md#filters).

const search = new URLSearchParams({ dataset: RT_DATASET, market: 'pjm', start: WINDOW.start, end: WINDOW.end }).toString();

/** The tickets of the rendered rows, sorted. */
async function shownTickets(page: Page): Promise<number[]> {
  const rows = page.getByTestId('outages-table').getByTestId('outage-row');
  const tickets = await rows.evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('data-ticket'))));
  return tickets.sort((a, b) => a - b);
}

// Voltage classes by kV as docs/outages.md#filters says, written out again here.
const inClass200 = (kv: number) => kv >= 200 && kv < 300;
const sorted = (ts: readonly OutageTicket[]) => ts.map((t) => t.ticket).sort((a, b) => a - b);

async function tick(page: Page, filter: string, value: string): Promise<void> {
  const menu = page.getByTestId(`filter-${filter}`);
  await menu.locator('summary').click();
  await menu.locator(`input[data-value="${value}"]`).check();
  await menu.locator('summary').click();
}

test("the Outages screen's filters keep exactly the tickets the raw /v1 answer holds for them", async ({ page, host }) => {
  const { tickets } = await unwrap(await host.call('outages:active', { market: 'pjm', window: WINDOW, limit: 100_000 }));
  expect(tickets.length, 'tickets in the window').toBeGreaterThan(5);
  await page.goto(`/#/outages?${search}`);
  await expect(page.getByTestId('outage-row').first()).toBeVisible();
  expect(await shownTickets(page)).toEqual(sorted(tickets));

  // The most common status and a line voltage class among them.
  const statusCount = new Map<string, number>();
  for (const t of tickets) statusCount.set(t.status, (statusCount.get(t.status) ?? 0) + 1);
  const status = [...statusCount].sort((a, b) => b[1] - a[1])[0]![0];
  await tick(page, 'status', status);
  const byStatus = tickets.filter((t) => t.status === status);
  await expect(page.getByTestId('outage-row')).toHaveCount(byStatus.length);
  expect(await shownTickets(page)).toEqual(sorted(byStatus));

  await tick(page, 'kv', '200_299');
  const byClass = byStatus.filter((t) => t.equipment.some((e) => inClass200(e.voltage)));
  expect(byClass.length, 'a 200–299 kV ticket of that status').toBeGreaterThan(0);
  await expect(page.getByTestId('outage-row')).toHaveCount(byClass.length);
  expect(await shownTickets(page)).toEqual(sorted(byClass));

  // A zone of one of them: one piece of equipment in it is enough.
  const zone = byClass[0]!.equipment[0]!.zone;
  await tick(page, 'zone', zone);
  const byZone = byClass.filter((t) => t.equipment.some((e) => e.zone === zone));
  await expect(page.getByTestId('outage-row')).toHaveCount(byZone.length);
  expect(await shownTickets(page)).toEqual(sorted(byZone));

  // Starting in the window, filters cleared: the current start in [start, end).
  await page.getByTestId('clear-filters').click();
  await page.getByTestId('outages-within').selectOption('starting');
  const from = Date.parse(WINDOW.start);
  const to = Date.parse(WINDOW.end);
  const starting = tickets.filter((t) => {
    const s = Date.parse(t.current_interval_start_utc);
    return s >= from && s < to;
  });
  await expect(page.getByTestId('outage-row')).toHaveCount(starting.length);
  expect(await shownTickets(page)).toEqual(sorted(starting));
  await expect(page.getByTestId('outages-summary')).toContainText(`${starting.length} of ${tickets.length} tickets`);
});

test('a ticket link opens its page from the Outages screen', async ({ page }) => {
  await page.goto(`/#/outages?${search}`);
  const link = page.getByTestId('outages-table').getByTestId('ticket-link').first();
  const ticket = await link.getAttribute('data-ticket');
  await link.click();
  await expect(page.getByTestId('ticket-page')).toHaveAttribute('data-ticket', ticket!);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Outage ticket ${ticket}`);
  await expect(page.getByTestId('ticket-equipment').getByTestId('equipment-row').first()).toBeVisible();
});

test("a ticket link opens its page from a constraint's overlap list, and the page lists that constraint back", async ({
  page,
  host,
}) => {
  const binding = await unwrap(
    await host.call('constraints:bindingLocations', { datasetId: RT_DATASET, window: WINDOW, limit: 100_000 }),
  );
  const outages = await unwrap(await host.call('outages:active', { market: 'pjm', window: WINDOW, limit: 100_000 }));
  const chosen = binding.constraints
    .map((c) => ({ c, expected: expectedOverlaps(c, outages.tickets, 50) }))
    .find((x) => x.expected.length > 0)!;
  await page.goto(`/#/constraints/${encodeURIComponent(chosen.c.constraint_gs_entity_id)}?${search}`);
  await page.getByTestId('open-overlap').click();
  const first = page.getByTestId('overlap-list').getByTestId('overlap-row').first();
  await expect(first).toHaveAttribute('data-ticket', String(chosen.expected[0]!.ticket));
  await first.getByTestId('ticket-link').click();
  await expect(page.getByTestId('ticket-page')).toHaveAttribute('data-ticket', String(chosen.expected[0]!.ticket));
  await expect(
    page.getByTestId('ticket-overlap').locator(`[data-constraint-id="${chosen.c.constraint_gs_entity_id}"]`),
  ).toBeVisible();
});

test("a ticket link opens its page from the map's selection panel", async ({ page, host }) => {
  const { tickets } = await unwrap(await host.call('outages:active', { market: 'pjm', window: WINDOW, limit: 100_000 }));
  const ticket = tickets.find((t) => t.status.toLowerCase() !== 'cancelled')!.ticket;
  await page.goto(`/#/map?${search}&ticket=${ticket}`);
  const link = page.getByTestId('map-selection').getByTestId('ticket-link');
  await expect(link).toHaveAttribute('data-ticket', String(ticket));
  await link.click();
  await expect(page.getByTestId('ticket-page')).toHaveAttribute('data-ticket', String(ticket));
});
