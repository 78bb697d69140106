import type { Page } from '@playwright/test';
import type { LineString, Point } from 'geojson';
import type { Map as MaplibreMap } from 'maplibre-gl';
import type { OutageTicket } from '../shared/index.js';
import { expect, test, unwrap } from './fixtures.js';
import { RT_DATASET, WINDOW, ticketsOverlapping } from './gridData.js';

// The map on the embedded data, fully offline (fixtures.ts fails any request outside 127.0.0.1): binding constraints
// and outages drawn, asserted from maplibre's own rendered-feature queries once the map is idle.

const HOUR = 3_600_000;
const T0 = '2024-09-02T11:00:00Z';
const mapSearch = (extra: Record<string, string> = {}) =>
  new URLSearchParams({ dataset: RT_DATASET, market: 'pjm', start: WINDOW.start, end: WINDOW.end, ...extra }).toString();

/** Waits until the map has drawn everything it was asked to (maplibre `idle`). */
async function idle(page: Page): Promise<void> {
  await expect(page.getByTestId('grid-map')).toHaveAttribute('data-map-idle', 'true', { timeout: 30_000 });
}

/** Distinct values of `property` over the features maplibre rendered in `layers` (whole viewport). */
async function rendered(page: Page, layers: string[], property: string): Promise<(string | number)[]> {
  return page.getByTestId('grid-map').evaluate(
    (el, { layers, property }) => {
      const map = (el as unknown as { gsMap: MaplibreMap }).gsMap;
      const present = layers.filter((id) => map.getLayer(id));
      const values = map.queryRenderedFeatures({ layers: present }).map((f) => f.properties[property] as string | number);
      return [...new Set(values)];
    },
    { layers, property },
  );
}

/** Shows every feature unclustered: zoomed in far enough, and the whole data still in view. */
async function openMap(page: Page, extra: Record<string, string> = {}): Promise<void> {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/#/map?${mapSearch(extra)}`);
  await idle(page);
  await page.getByLabel('Step').selectOption({ label: '1 hour' });
  await idle(page);
}

/** Where on the page a rendered feature of `layer` with `property` = `value` can be clicked (its first vertex). */
async function pointOf(page: Page, layer: string): Promise<{ x: number; y: number; id: string }> {
  const box = (await page.getByTestId('grid-map').boundingBox())!;
  const p = await page.getByTestId('grid-map').evaluate((el, layer) => {
    const map = (el as unknown as { gsMap: MaplibreMap }).gsMap;
    const f = map.queryRenderedFeatures({ layers: [layer] })[0];
    if (!f) return null;
    const g = f.geometry as LineString | Point;
    const coords = g.type === 'LineString' ? g.coordinates : [g.coordinates];
    const a = coords[0]!;
    const b = coords[coords.length - 1]!;
    const mid = map.project([(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2]);
    return { x: mid.x, y: mid.y, id: String(f.properties['constraint_gs_entity_id']) };
  }, layer);
  expect(p, `a rendered feature in ${layer}`).not.toBeNull();
  return { x: box.x + p!.x, y: box.y + p!.y, id: p!.id };
}

test('the map draws binding constraint lines and outages offline; a click opens a popup; details and back', async ({ page }) => {
  await openMap(page, { t: T0 });
  const constraints = await rendered(page, ['binding-constraints', 'binding-constraint-points'], 'constraint_gs_entity_id');
  expect(constraints.length, 'binding constraints drawn').toBeGreaterThan(0);
  const outages = await rendered(page, ['outage-equipment', 'outage-points', 'outage-clusters'], 'ticket');
  expect(outages.length, 'outages drawn').toBeGreaterThan(0);

  const at = await pointOf(page, 'binding-constraints');
  await page.mouse.click(at.x, at.y);
  const popup = page.getByTestId('map-popup');
  await expect(popup).toBeVisible();
  await popup.getByRole('link', { name: 'Open details' }).click();
  await expect(page).toHaveURL(new RegExp(`#/constraints/${at.id}`));
  await expect(page.getByTestId('constraint-detail')).toBeVisible();

  // And back from the detail page to the map, with the constraint selected.
  await page.getByTestId('show-on-map').click();
  await expect(page).toHaveURL(new RegExp(`#/map\\?.*constraint=${at.id}`));
  await idle(page);
  await expect(page.getByTestId('map-selection')).toContainText(
    (await page.getByTestId('map-selection').getByRole('heading').first().textContent()) ?? '',
  );
  await expect(page.getByTestId('map-selection')).toHaveAttribute('data-constraint-id', at.id);
});

test('moving the time slider shows exactly the outages whose interval overlaps the new window', async ({ page, host }) => {
  const { tickets } = await unwrap(await host.call('outages:active', { market: 'pjm', window: WINDOW, limit: 100_000 }));
  const drawable = tickets.filter((t: OutageTicket) => t.equipment.some((e) => e.from_substation || e.to_substation));
  await openMap(page, { t: T0 });

  const slider = page.getByRole('slider', { name: 'Time' });
  const shownAt = async (): Promise<number[]> =>
    (await rendered(page, ['outage-equipment', 'outage-points'], 'ticket')).map(Number).sort((a, b) => a - b);

  const before = await shownAt();
  expect(before).toEqual(ticketsOverlapping(drawable, Date.parse(T0), Date.parse(T0) + HOUR));

  // A day is a market day: 11:00Z is 07:00 EDT, so the day step shows Sep 2 00:00–24:00 EDT; one step forward shows
  // Sep 3, and the set changes to exactly the tickets overlapping it.
  await page.getByLabel('Step').selectOption({ label: '1 day' });
  await idle(page);
  await expect(slider).toHaveAttribute('aria-valuetext', '2024-09-02 00:00 → 2024-09-03 00:00 EDT');
  await page.getByRole('button', { name: 'Step forward' }).click();
  await idle(page);
  const t1 = Date.parse('2024-09-03T04:00:00Z');
  await expect(slider).toHaveAttribute('aria-valuetext', '2024-09-03 00:00 → 2024-09-04 00:00 EDT');
  const after = await shownAt();
  expect(after).toEqual(ticketsOverlapping(drawable, t1, t1 + 24 * HOUR));
  expect(after).not.toEqual(before);
});
