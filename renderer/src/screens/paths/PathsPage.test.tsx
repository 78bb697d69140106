// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PathBuckets, PathFigures, PathResults } from '../../../../shared/bridge/paths.js';
import { createFakeApi } from '../../test-support/fakeApi.js';
import { renderApp } from '../../test-support/render.js';
import { DA, RT, gridAnswers } from '../../test-support/gridFixtures.js';
import { pathHref, readPathRoute } from '../../features/paths/pathRoute.js';

afterEach(cleanup);

const b = (all: number, on: number, x16: number, x8: number): PathBuckets => ({
  all,
  on_peak: on,
  off_peak: x16 + x8,
  '2x16': x16,
  '7x8': x8,
});
const HOURS = b(48, 16, 16, 16);
const fig = (cost: PathBuckets, sf: number | null = 0.1): PathFigures => ({
  cost,
  per_mwh: {
    all: cost.all / 48,
    on_peak: cost.on_peak / 16,
    off_peak: cost.off_peak / 32,
    '2x16': cost['2x16'] / 16,
    '7x8': cost['7x8'] / 16,
  },
  shift_factor: sf,
});
const WINDOW = {
  datasetId: RT,
  start: '2024-09-02T04:00:00Z',
  end: '2024-09-04T04:00:00Z',
  rows: 10,
  limitReached: false,
  fetchedAt: '2026-11-27T12:00:00Z',
  zone: 'US/Eastern',
  peak: 'all' as const,
  synthetic: [],
};
const ANSWER: PathResults['paths:congestion'] = {
  market: 'pjm',
  zone: 'US/Eastern',
  source: 'loc-west',
  sink: 'loc-east',
  hours: HOURS,
  sides: {
    rt: { window: WINDOW, synthetic: ['shift_factor', 'adjusted_cost'] },
    da: { window: { ...WINDOW, datasetId: DA }, synthetic: [] },
  },
  totals: { rt: fig(b(-30, 10, -50, 10), null), da: fig(b(12, 6, 3, 3), null) },
  rows: [
    {
      constraint_gs_entity_id: 'c-1',
      constraint_name: 'ALPHA 230 KV',
      contingency_gs_entity_id: null,
      contingency_name: null,
      rt: fig(b(-40, 0, -50, 10)),
      da: null,
    },
    {
      constraint_gs_entity_id: 'c-2',
      constraint_name: 'BRAVO 138 KV',
      contingency_gs_entity_id: null,
      contingency_name: null,
      rt: fig(b(10, 10, 0, 0)),
      da: fig(b(12, 6, 3, 3)),
    },
  ],
  days: [
    {
      market_date: '2024-09-02',
      rt: b(-50, 0, -50, 0),
      da: b(3, 0, 3, 0),
      rt_cumulative: b(-50, 0, -50, 0),
      da_cumulative: b(3, 0, 3, 0),
    },
    {
      market_date: '2024-09-03',
      rt: b(20, 10, 0, 10),
      da: b(9, 6, 0, 3),
      rt_cumulative: b(-30, 10, -50, 10),
      da_cumulative: b(12, 6, 3, 3),
    },
  ],
};
const VIEW = { ...readPathRoute(''), source: 'loc-west', sink: 'loc-east' };

describe('the path view', () => {
  it('asks once for both sides, shows the totals by bucket, the contributors and the rows; the hours re-read the answer', async () => {
    const { api, state } = createFakeApi({ grid: gridAnswers({ 'paths:congestion': () => ANSWER }) });
    renderApp(api, pathHref(VIEW));
    const summary = await screen.findByTestId('path-summary');
    const cell = (bucket: string, column: string) =>
      summary.querySelector(`tr[data-bucket="${bucket}"] td[data-column="${column}"]`)!.textContent;
    expect(cell('all', 'rt_path_cost')).toBe('-30.00');
    expect(cell('all', 'da_path_per_mwh')).toBe('0.25');
    expect(cell('on_peak', 'da_path_cost')).toBe('6.00');
    expect(screen.getByTestId('path-ends').textContent).toBe('Western Hub → Eastern Hub');
    expect(state.gridInputs.filter((c) => c.verb === 'paths:congestion').map((c) => c.input)).toEqual([
      expect.objectContaining({ source: 'loc-west', sink: 'loc-east', datasets: { rt: RT, da: DA }, groupBy: 'constraint' }),
    ]);
    // Largest |real-time| first.
    const bars = within(screen.getByTestId('path-contributors')).getAllByTestId('path-contributor');
    expect(bars.map((x) => x.getAttribute('data-value'))).toEqual(['-40', '10']);
    // On-peak hours: the contributor without on-peak congestion drops out, and nothing is asked again.
    fireEvent.change(screen.getByTestId('peak-filter'), { target: { value: 'on_peak' } });
    await waitFor(() =>
      expect(
        within(screen.getByTestId('path-contributors'))
          .getAllByTestId('path-contributor')
          .map((x) => x.getAttribute('data-value')),
      ).toEqual(['10']),
    );
    expect(window.location.hash).toContain('peak=on_peak');
    expect(state.gridInputs.filter((c) => c.verb === 'paths:congestion')).toHaveLength(1);
  });

  it('says so when both ends are the same, and asks nothing', async () => {
    const { api, state } = createFakeApi({ grid: gridAnswers({ 'paths:congestion': () => ANSWER }) });
    renderApp(api, pathHref({ ...VIEW, sink: 'loc-west' }));
    expect((await screen.findByTestId('path-same-ends')).textContent).toContain('pick two different ends');
    expect(state.gridInputs.filter((c) => c.verb === 'paths:congestion')).toHaveLength(0);
  });

  it('keeps every choice in the address: reference ends, a side left out, grouping and hours', () => {
    const v = { ...VIEW, source: null, da: null, group: 'constraint_contingency' as const, peak: '7x8' as const };
    expect(readPathRoute(pathHref(v).split('?')[1]!)).toEqual(v);
    expect(pathHref(v)).toContain('source=reference');
    expect(pathHref(v)).toContain('da=none');
    expect(readPathRoute('source=..%2Fx&rt=BAD!&start=nope')).toMatchObject({ source: null, rt: RT, start: VIEW.start });
  });
});
