import { vi } from 'vitest';
import type { PullQuery, TableColumn } from '../../../shared/bridge/contract.js';

/** Columns of the test pulls: PJM-like binding constraints. */
export const TEST_COLUMNS: TableColumn[] = [
  { name: 'interval_start_utc', type: 'TIMESTAMPTZ' },
  { name: 'monitored_facility', type: 'VARCHAR' },
  { name: 'point_id', type: 'BIGINT' },
  { name: 'shadow_price', type: 'DOUBLE' },
  { name: 'limit_control_percentage', type: 'DOUBLE' },
];

/** `n` rows, 5 minutes apart from 2023-11-05 05:00 UTC, three facilities, ids above 1,000 and prices with cents. */
export function testRows(n: number): unknown[][] {
  return Array.from({ length: n }, (_v, i) => [
    new Date(Date.UTC(2023, 10, 5, 5) + i * 300_000).toISOString().replace('.000Z', '+00:00'),
    `Facility ${String.fromCharCode(65 + (i % 3))}`,
    12_345 + i,
    i % 7 === 0 ? null : -(i * 1.25),
    95.5,
  ]);
}

/** The query of the test pulls. */
export const TEST_QUERY: PullQuery = {
  datasetId: 'pjm_marginal_value_real_time_5_min',
  startTime: '2023-11-05',
  endTime: '2023-11-08',
  order: 'asc',
};

/**
 * Gives the results table's scroll area a size in happy-dom (which lays nothing out), so TanStack Virtual renders the
 * rows of a `height`-px viewport. Call in each test that looks at rows; vi.restoreAllMocks() undoes it.
 */
export function stubTableViewport(height = 560, width = 1000): void {
  const size = (el: HTMLElement, px: number) => (el.classList.contains('results-scroll') ? px : 0);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return size(this, height);
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return size(this, width);
  });
}
