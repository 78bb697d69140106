import type { Page } from '@playwright/test';
import type { OutageTicket } from '../shared/index.js';
import type { Map as MaplibreMap } from 'maplibre-gl';
import type { ShownSummary } from '../renderer/src/features/map/gpuFilter.js';
import type { MapRows } from '../renderer/src/features/map/mapRows.js';
import { expect, test, unwrap } from './fixtures.js';
import { RT_DATASET, WINDOW, ticketsOverlapping } from './gridData.js';

// The map on the embedded data, fully offline (fixtures.ts fails any request outside 127.0.0.1): binding runs and
// outage equipment drawn by deck.gl from map:features' columns, asserted from the map's test hooks once it is idle —
// `gsShown()` (the rows the GPU filter keeps, by its own comparisons), `data-equipment-shown` (the GPU's own count) and
// `gsRows` (where a feature is, to point at it).

/** The map container's test hooks (renderer/src/features/map/GridMap.tsx). */
type GridMapElement = { gsMap?: MaplibreMap; gsShown?: () => ShownSummary; gsRows?: MapRows | null };

const HOUR = 3_600_000;
const T0 = '2024-09-02T11:00:00Z';
const mapSearch = (extra: Record<string, string> = {}) =>
  new URLSearchParams({ dataset: RT_DATASET, market: 'pjm', start: WINDOW.start, end: WINDOW.end, ...extra }).toString();

/** Waits until the map has drawn everything it was asked to (maplibre `idle`). */
async function idle(page: Page): Promise<void> {
  await expect(page.getByTestId('grid-map')).toHaveAttribute('data-map-idle', 'true', { timeout: 30_000 });
}

async function openMap(page: Page, extra: Record<string, string> = {}): Promise<void> {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/#/map?${mapSearch(extra)}`);
  await idle(page);
}

/** What the data layers show now (tickets, constraints, equipment rows), and the GPU's count of the equipment lines. */
async function shown(page: Page) {
  return page.getByTestId('grid-map').evaluate((el) => {
    const g = el as unknown as GridMapElement;
    return { ...g.gsShown!(), gpuLines: Number(el.getAttribute('data-equipment-shown') ?? -1) };
  });
}

/**
 * A page point on a shown feature: the middle of a shown binding run's line (`constraint`) or of a shown outage line,
 * or, for `stacked`, a shown outage's end lying on a shown constraint's end (null when there is none).
 */
async function pointOf(
  page: Page,
  what: 'constraint' | 'outage' | 'stacked',
): Promise<{ x: number; y: number; id: string } | null> {
  const box = (await page.getByTestId('grid-map').boundingBox())!;
  const p = await page.getByTestId('grid-map').evaluate((el, what) => {
    const g = el as unknown as GridMapElement;
    const rows = g.gsRows!;
    const s = g.gsShown!();
    const px = (lon: number, lat: number) => g.gsMap!.project([lon, lat]);
    const runs = rows.runs;
    const eq = rows.equipment;
    const constraintIds = new Set(s.constraints);
    const tickets = new Set(s.tickets);
    const runRows = [...runs.lines].filter((i) => constraintIds.has(runs.id.values[runs.id.codes[i]!]!));
    const eqRows = [...eq.placed].filter((i) => tickets.has(eq.ticket[i]!));
    const mid = (r: typeof runs | typeof eq, i: number) =>
      px((r.fromLon[i]! + r.toLon[i]!) / 2, (r.fromLat[i]! + r.toLat[i]!) / 2);
    if (what === 'constraint' && runRows[0] !== undefined) {
      const i = runRows[0];
      return { ...mid(runs, i), id: runs.id.values[runs.id.codes[i]!]! };
    }
    if (what === 'outage') {
      const i = eqRows.find((k) => eq.lines.includes(k));
      return i === undefined ? null : { ...mid(eq, i), id: String(eq.ticket[i]) };
    }
    for (const i of runRows)
      for (const end of [px(runs.fromLon[i]!, runs.fromLat[i]!), px(runs.toLon[i]!, runs.toLat[i]!)])
        for (const k of eqRows)
          for (const at of [px(eq.fromLon[k]!, eq.fromLat[k]!), px(eq.toLon[k]!, eq.toLat[k]!)])
            if (Math.hypot(at.x - end.x, at.y - end.y) < 2) return { x: at.x, y: at.y, id: String(eq.ticket[k]) };
    return null;
  }, what);
  return p && { x: box.x + p.x, y: box.y + p.y, id: p.id };
}

test('the map draws offline; hover names a feature; a click selects it; details and back', async ({ page }) => {
  await openMap(page, { t: T0 });
  const now = await shown(page);
  expect(now.constraints.length, 'binding constraints drawn').toBeGreaterThan(0);
  expect(now.tickets.length, 'outages drawn').toBeGreaterThan(0);
  // Place labels are drawn, and credited on the map.
  await expect(page.getByTestId('map-credit')).toContainText('GeoNames');

  const at = (await pointOf(page, 'constraint'))!;
  await page.mouse.move(at.x, at.y);
  const tip = page.getByTestId('map-tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('Binding constraint');
  await expect(tip).toContainText(/EDT/);

  await page.mouse.click(at.x, at.y);
  const chooser = page.getByTestId('map-popup');
  // The line's middle may lie under an outage too: then the click offers both.
  if (await chooser.isVisible()) await chooser.locator(`[data-pick="constraint:${at.id}"]`).click();
  await expect(page.getByTestId('map-selection')).toHaveAttribute('data-constraint-id', at.id);
  await page.getByTestId('map-selection').getByRole('link', { name: 'Open details' }).click();
  await expect(page).toHaveURL(new RegExp(`#/constraints/${at.id}`));
  await expect(page.getByTestId('constraint-detail')).toBeVisible();
  await page.getByTestId('show-on-map').click();
  await expect(page).toHaveURL(new RegExp(`#/map\\?.*constraint=${at.id}`));
  await idle(page);
  await expect(page.getByTestId('map-selection')).toHaveAttribute('data-constraint-id', at.id);
});

test('a click on an outage lying on a constraint’s end offers both, and selects the outage', async ({ page }) => {
  await openMap(page, { all: '1' });
  const at = await pointOf(page, 'stacked');
  expect(at, 'an outage drawn on a constraint’s end').not.toBeNull();
  await page.mouse.click(at!.x, at!.y);
  const chooser = page.getByTestId('map-popup');
  await expect(chooser).toBeVisible();
  // Outages are picked above lines: every outage there (this one among them) before the constraint, offered too.
  const picks = (await chooser
    .locator('[data-pick]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-pick')))) as string[];
  expect(picks).toContain(`ticket:${at!.id}`);
  const firstConstraint = picks.findIndex((p) => p.startsWith('constraint:'));
  expect(firstConstraint).toBeGreaterThan(0);
  expect(picks.slice(0, firstConstraint).every((p) => p.startsWith('ticket:'))).toBe(true);
  await chooser.locator(`[data-pick="ticket:${at!.id}"]`).click();
  await expect(page.getByTestId('map-selection')).toHaveAttribute('data-ticket', at!.id);
  await expect(chooser).toBeHidden();
});

test('moving the slider shows exactly the outages whose interval overlaps the new window; Cancelled never', async ({
  page,
  host,
}) => {
  const { tickets } = await unwrap(await host.call('outages:active', { market: 'pjm', window: WINDOW, limit: 100_000 }));
  const live = tickets.filter((t: OutageTicket) => t.status !== 'Cancelled');
  const drawable = live.filter((t: OutageTicket) => t.equipment.some((e) => e.from_substation || e.to_substation));
  expect(tickets.length, 'the embedded data has Cancelled tickets').toBeGreaterThan(live.length);
  await openMap(page, { t: T0 });
  // Cancelled tickets are neither counted nor drawn.
  await expect(page.getByTestId('map-counts')).toContainText(`${live.length} outage tickets active in the window`);

  const slider = page.getByRole('slider', { name: 'Time' });
  const before = await shown(page);
  expect(before.tickets).toEqual(ticketsOverlapping(drawable, Date.parse(T0), Date.parse(T0) + HOUR));
  expect(before.gpuLines, 'the GPU draws the lines the filter keeps').toBe(before.equipmentLines);

  // A day is a market day: 11:00Z is 07:00 EDT, so the day step shows Sep 2 00:00–24:00 EDT; one step forward (the
  // arrow key moves by the step) shows Sep 3, and the set changes to exactly the tickets overlapping it.
  await page.getByLabel('Step').selectOption({ label: '1 day' });
  await idle(page);
  await expect(slider).toHaveAttribute('aria-valuetext', '2024-09-02 00:00 → 2024-09-03 00:00 EDT');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await idle(page);
  const t1 = Date.parse('2024-09-03T04:00:00Z');
  await expect(slider).toHaveAttribute('aria-valuetext', '2024-09-03 00:00 → 2024-09-04 00:00 EDT');
  const after = await shown(page);
  expect(after.tickets).toEqual(ticketsOverlapping(drawable, t1, t1 + 24 * HOUR));
  expect(after.tickets).not.toEqual(before.tickets);
  await expect.poll(async () => (await shown(page)).gpuLines).toBe(after.equipmentLines);

  // "All times": every live ticket drawn, no Cancelled one.
  await page.getByLabel('All times').check();
  await idle(page);
  const all = await shown(page);
  const cancelled = tickets.filter((t: OutageTicket) => t.status === 'Cancelled').map((t: OutageTicket) => t.ticket);
  expect(all.tickets.filter((t: number) => cancelled.includes(t))).toEqual([]);
  expect(all.tickets).toEqual(drawable.map((t: OutageTicket) => t.ticket).sort((a: number, b: number) => a - b));
});

test('search flies to a ticket and selects it', async ({ page, host }) => {
  const { tickets } = await unwrap(await host.call('outages:active', { market: 'pjm', window: WINDOW, limit: 100_000 }));
  const target = tickets.find((t: OutageTicket) => t.status !== 'Cancelled' && t.equipment.some((e) => e.from_substation))!;
  const place = target.equipment.find((e) => e.from_substation)!.from_substation!;
  await openMap(page, { t: T0 });
  const search = page.getByRole('searchbox', { name: 'Find a constraint, ticket or substation' });
  await search.fill(String(target.ticket));
  await expect(page.getByRole('list', { name: 'Search results' })).toContainText(`Outage ticket ${target.ticket}`);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`ticket=${target.ticket}`));
  await expect(page.getByTestId('map-selection')).toHaveAttribute('data-ticket', String(target.ticket));
  await idle(page);
  // The camera ended on the ticket: zoomed in, its equipment in view.
  const camera = await page.getByTestId('grid-map').evaluate((el) => {
    const m = (el as unknown as GridMapElement).gsMap!;
    const b = m.getBounds();
    return { zoom: m.getZoom(), west: b.getWest(), east: b.getEast(), south: b.getSouth(), north: b.getNorth() };
  });
  expect(camera.zoom).toBeGreaterThan(6);
  expect(place.longitude).toBeGreaterThan(camera.west);
  expect(place.longitude).toBeLessThan(camera.east);
  expect(place.latitude).toBeGreaterThan(camera.south);
  expect(place.latitude).toBeLessThan(camera.north);
});

test('the features of the shown window are reachable by keyboard: Tab, arrows, Enter selects an outage, Escape clears', async ({
  page,
}) => {
  await openMap(page, { t: T0 });
  const now = await shown(page);
  const list = page.getByRole('list', { name: 'Features in the shown window' });
  // The list holds what the map draws: the shown constraints, then the shown tickets by number.
  const picks = (await list.getByRole('button').evaluateAll((els) => els.map((e) => e.getAttribute('data-pick')))) as string[];
  expect(picks.filter((p) => p.startsWith('ticket:'))).toEqual(
    now.tickets.slice(0, picks.length - now.constraints.length).map((t) => `ticket:${t}`),
  );
  expect(picks.filter((p) => p.startsWith('constraint:')).sort()).toEqual(now.constraints.map((c) => `constraint:${c}`).sort());

  // One Tab from the list's heading lands on its first entry; the arrows walk to the first outage.
  await page.getByTestId('map-feature-list').locator('summary').focus();
  await page.keyboard.press('Tab');
  await expect(list.getByRole('button').first()).toBeFocused();
  const outage = picks.findIndex((p) => p.startsWith('ticket:'));
  for (let k = 0; k < outage; k++) await page.keyboard.press('ArrowDown');
  const ticket = picks[outage]!.slice('ticket:'.length);
  await expect(list.locator(`[data-pick="ticket:${ticket}"]`)).toBeFocused();
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('map-selection');
  await expect(panel).toHaveAttribute('data-ticket', ticket);
  await expect(panel.getByRole('heading', { level: 2 })).toContainText(ticket);
  await expect(list.locator(`[data-pick="ticket:${ticket}"]`)).toHaveAttribute('aria-pressed', 'true');
  await expect(list.locator(`[data-pick="ticket:${ticket}"]`)).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/ticket=/);
  await expect(list.locator(`[data-pick="ticket:${ticket}"]`)).toHaveAttribute('aria-pressed', 'false');
});
