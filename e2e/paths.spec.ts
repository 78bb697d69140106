import { expect, test, unwrap } from './fixtures.js';
import type { WebHost } from './fixtures.js';
import { RT_DATASET, WINDOW, expectedOverlaps } from './gridData.js';
import { expectedLift, expectedPath } from './pathData.js';
import type { Buckets, RawRow } from './pathData.js';

// The path view and the overlap allocation through the web host, against independent computations from the raw /v1
// answers (e2e/pathData.ts, e2e/gridData.ts). Shift factors, and so every path figure, are SYNTHETIC on this data.

const DA_DATASET = 'pjm_marginal_value_day_ahead_hourly';
const MARKET_DAYS = { start: '2024-09-02T04:00:00Z', end: '2024-09-04T04:00:00Z' };
const BUCKETS = ['all', 'on_peak', 'off_peak', '2x16', '7x8'] as const;
const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-6);

/** Every row of a dataset in the window, through `datasets:query` (the /v1 query endpoint, page by page). */
async function rawRows(host: WebHost, datasetId: string): Promise<RawRow[]> {
  const columns = ['interval_start_utc', 'interval_end_utc', 'monitored_facility', 'contingency_facility', 'shadow_price'];
  const out: RawRow[] = [];
  let cursor: string | undefined;
  do {
    const page = await unwrap(
      await host.call('datasets:query', {
        datasetId,
        startTime: MARKET_DAYS.start,
        endTime: MARKET_DAYS.end,
        columns,
        pageSize: 10_000,
        ...(cursor ? { cursor } : {}),
      }),
    );
    const at = (name: string) => page.columns.indexOf(name);
    for (const r of page.rows) {
      if (r[at('shadow_price')] === null) continue;
      out.push({
        constraint: String(r[at('monitored_facility')]),
        contingency: r[at('contingency_facility')] === null ? null : String(r[at('contingency_facility')]),
        start: Date.parse(String(r[at('interval_start_utc')])),
        end: Date.parse(String(r[at('interval_end_utc')])),
        shadowPrice: Number(r[at('shadow_price')]),
      });
    }
    cursor = page.hasNextPage ? (page.cursor ?? undefined) : undefined;
  } while (cursor);
  return out;
}

const pairsOf = async (host: WebHost, locationId: string, datasetId: string) =>
  (
    await unwrap(
      await host.call('locations:constraintCosts', {
        locationId,
        datasetId,
        window: MARKET_DAYS,
        groupBy: 'constraint_contingency',
      }),
    )
  ).rows;

async function twoLocations(host: WebHost): Promise<[string, string]> {
  const list = await unwrap(await host.call('locations:list', { market: 'pjm', limit: 5000 }));
  const id = (name: string) => list.find((l) => l.name === name)!.gs_entity_id;
  return [id('PJM Western Hub'), id('BGE Zone')];
}

test("a path's totals per constraint, bucket and side equal an independent computation from the raw answers", async ({
  page,
  host,
}) => {
  test.setTimeout(240_000);
  const [source, sink] = await twoLocations(host);
  const path = await unwrap(
    await host.call('paths:congestion', {
      market: 'pjm',
      source,
      sink,
      datasets: { rt: RT_DATASET, da: DA_DATASET },
      window: MARKET_DAYS,
      groupBy: 'constraint',
    }),
  );
  for (const [side, dataset] of [
    ['rt', RT_DATASET],
    ['da', DA_DATASET],
  ] as const) {
    const expected = expectedPath(
      await rawRows(host, dataset),
      await pairsOf(host, source, dataset),
      await pairsOf(host, sink, dataset),
    );
    const got = new Map(path.rows.filter((r) => r[side]).map((r) => [r.constraint_gs_entity_id, r[side]!.cost]));
    expect(got.size, `${side}: some constraint on the path`).toBeGreaterThan(3);
    const ids = new Set([...got.keys(), ...expected.byConstraint.keys()]);
    const none: Buckets = { all: 0, on_peak: 0, off_peak: 0, '2x16': 0, '7x8': 0 };
    for (const id of ids) for (const b of BUCKETS) near(got.get(id)?.[b] ?? 0, (expected.byConstraint.get(id) ?? none)[b]);
    for (const b of BUCKETS) near(path.totals[side]!.cost[b], expected.total[b]);
    expect(Math.abs(expected.total.all)).toBeGreaterThan(1);
  }

  // The page shows the same totals, per bucket and side.
  await page.goto(
    `/#/paths?${new URLSearchParams({ market: 'pjm', source, sink, rt: RT_DATASET, da: DA_DATASET, ...MARKET_DAYS }).toString()}`,
  );
  const summary = page.getByTestId('path-summary');
  await expect(summary).toBeVisible();
  await expect(page.getByTestId('path-ends')).toHaveText('PJM Western Hub → BGE Zone');
  for (const b of BUCKETS)
    for (const side of ['rt', 'da'] as const) {
      const cell = summary.locator(`tr[data-bucket="${b}"] td[data-column="${side}_path_cost"]`);
      near(Number(await cell.getAttribute('data-value')), path.totals[side]!.cost[b]);
    }
  await expect(page.getByTestId('path-row').first()).toBeVisible();
  await expect(page.getByTestId('path-contributor').first()).toBeVisible();
});

test("the path from the reference to a location is the location's constraint costs", async ({ host }) => {
  const [, sink] = await twoLocations(host);
  const path = await unwrap(
    await host.call('paths:congestion', {
      market: 'pjm',
      source: null,
      sink,
      datasets: { rt: RT_DATASET, da: DA_DATASET },
      window: MARKET_DAYS,
      groupBy: 'constraint',
    }),
  );
  for (const [side, dataset] of [
    ['rt', RT_DATASET],
    ['da', DA_DATASET],
  ] as const) {
    const costs = await unwrap(
      await host.call('locations:constraintCosts', {
        locationId: sink,
        datasetId: dataset,
        window: MARKET_DAYS,
        groupBy: 'constraint',
      }),
    );
    const bound = costs.rows.filter((r) => r.adjusted_cost !== null);
    const got = new Map(path.rows.filter((r) => r[side]).map((r) => [r.constraint_gs_entity_id, r[side]!.cost.all]));
    for (const r of bound) near(got.get(r.constraint_gs_entity_id) ?? 0, r.adjusted_cost!);
    near(
      path.totals[side]!.cost.all,
      bound.reduce((s, r) => s + r.adjusted_cost!, 0),
    );
  }
});

test("a constraint's allocation adds up to its cost, never exceeds congestion while out, and its lift is a direct count", async ({
  page,
  host,
}) => {
  const binding = await unwrap(
    await host.call('constraints:bindingLocations', { datasetId: RT_DATASET, window: WINDOW, limit: 100_000 }),
  );
  const outages = await unwrap(await host.call('outages:active', { market: 'pjm', window: WINDOW, limit: 100_000 }));
  const win = { start: Date.parse(WINDOW.start), end: Date.parse(WINDOW.end) };
  const byTicket = new Map(outages.tickets.map((t) => [t.ticket, t]));
  const spans = (c: (typeof binding.constraints)[number]) =>
    c.observations.map((o) => ({ start: Date.parse(o.interval_start_utc), end: Date.parse(o.interval_end_utc) }));
  const liftOf = (c: (typeof binding.constraints)[number], ticket: number) => {
    const t = byTicket.get(ticket)!;
    const out = { start: Date.parse(t.current_interval_start_utc), end: Date.parse(t.current_interval_end_utc) };
    return expectedLift(spans(c), out, win);
  };
  // The constraint with the most near outages among those where a lift can be counted (it bound while none was out).
  const chosen = binding.constraints
    .map((c) => ({ c, expected: expectedOverlaps(c, outages.tickets, 50) }))
    .filter(({ c, expected }) => expected.some((e) => liftOf(c, e.ticket) !== null))
    .sort((a, b) => b.expected.length - a.expected.length)[0]!;
  expect(chosen.expected.length).toBeGreaterThan(1);
  const r = await unwrap(
    await host.call('overlap:forConstraint', {
      datasetId: RT_DATASET,
      market: 'pjm',
      constraintId: chosen.c.constraint_gs_entity_id,
      window: WINDOW,
      distanceKm: 50,
    }),
  );
  const intervals = spans(chosen.c);
  const cost = chosen.c.observations.reduce(
    (s, o) => s + (Math.abs(o.shadow_price) * (Date.parse(o.interval_end_utc) - Date.parse(o.interval_start_utc))) / 3_600_000,
    0,
  );
  near(r.cost_in_window, cost);
  near(r.outages.reduce((s, o) => s + o.allocated_cost, 0) + r.unexplained_cost, cost);
  for (const o of r.outages) {
    expect(o.allocated_cost).toBeLessThanOrEqual(o.congestion_cost + 1e-9);
    const t = byTicket.get(o.ticket)!;
    const lift = expectedLift(
      intervals,
      { start: Date.parse(t.current_interval_start_utc), end: Date.parse(t.current_interval_end_utc) },
      win,
    );
    if (lift === null) expect(o.lift).toBeNull();
    else near(o.lift!, lift);
  }

  // Not vacuous: some outage's lift was computed (and matched the direct count above).
  expect(r.outages.some((o) => o.lift !== null)).toBe(true);
  // The constraint page says the same whole: cost in the window = allocated + unexplained.
  const search = new URLSearchParams({ dataset: RT_DATASET, market: 'pjm', ...WINDOW }).toString();
  await page.goto(`/#/constraints/${encodeURIComponent(chosen.c.constraint_gs_entity_id)}?${search}`);
  await page.getByTestId('open-overlap').click();
  const summary = page.getByTestId('overlap-summary');
  await expect(summary).toBeVisible();
  near(Number(await summary.getAttribute('data-cost')), r.cost_in_window);
});
