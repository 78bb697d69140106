// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeApi } from '../../test-support/fakeApi.js';
import type { FakeGridAnswers } from '../../test-support/fakeGrid.js';
import { renderApp } from '../../test-support/render.js';
import { boundAnswer, boundSummary, contingency, listAnswer, windowInfo } from '../../test-support/constraintFixtures.js';

afterEach(cleanup);

const answers = (over: FakeGridAnswers = {}): FakeGridAnswers => ({
  'constraints:list': listAnswer,
  'binding:contingencies': (input) => ({
    window: windowInfo(input),
    contingencies: [
      {
        contingency_gs_entity_id: 'k1',
        contingency_name: 'BASE CASE',
        constraints: 2,
        peak_intervals: null,
        ...boundSummary({ on_peak: 620.5, '2x16': 700.25, '7x8': 300 }, input.peak)!,
      },
    ],
  }),
  // Its constraints: the fixture's, as if all their rows named this contingency.
  'binding:constraints': (input) => boundAnswer(input),
  'constraints:contingencies': () => [contingency({ gs_entity_id: 'k9', contingency_name: 'Quiet One' })],
  ...over,
});

const fact = (term: string) => screen.getByTestId('contingency-facts').querySelector(`[data-fact="${term}"] dd`)!.textContent;

describe('Contingency view', () => {
  it('shows its figures and the constraints that bound under it, each opening its detail; totals add up', async () => {
    const fake = createFakeApi({ grid: answers() });
    renderApp(fake.api, '#/contingencies/k1?split=on_off');
    expect(await screen.findByRole('heading', { level: 1, name: 'BASE CASE' })).toBeTruthy();
    expect(fact('Constraints bound')).toBe('2');
    await waitFor(() => expect(fact('Real-time absolute cost')).toBe('1,620.75 $/MW'));
    const table = await screen.findByTestId('contingency-constraints');
    const links = within(table).getAllByTestId('contingency-constraint-link');
    expect(links.map((a) => a.textContent)).toEqual([
      'CHESWICK138 KV CHE-LF53',
      'BEDINGTON-BLACKOAK 500 KV',
      'AMEREN FLOWGATE 1',
    ]);
    expect(links[0]!.getAttribute('href')).toBe(
      '#/constraints/c-ches?dataset=pjm_marginal_value_real_time_5_min&market=pjm&start=2024-09-02T04%3A00%3A00Z&end=2024-09-04T04%3A00%3A00Z',
    );
    const total = [...screen.getByTestId('contingency-totals').querySelectorAll('tr > *')].map((c) => c.textContent);
    expect(total).toEqual(['', 'Total, 3 constraints', '', '', '1,630.75', '620.50', '1,010.25']);
    expect(fake.state.gridInputs.find((c) => c.verb === 'binding:constraints')!.input).toMatchObject({ contingencyId: 'k1' });
    // It bound: the contingency list is not asked for.
    expect(fake.state.calls).not.toContain('constraints:contingencies');
  });

  it('the peak filter changes its figures and its table, and stays in the address', async () => {
    const fake = createFakeApi({ grid: answers() });
    renderApp(fake.api, '#/contingencies/k1');
    await screen.findByTestId('contingency-facts');
    fireEvent.change(screen.getByTestId('peak-filter'), { target: { value: 'off_peak' } });
    await waitFor(() => expect(fact('Real-time absolute cost')).toBe('1,000.25 $/MW'));
    expect(fact('On-peak cost')).toBe('0.00 $/MW');
    expect(window.location.hash).toContain('peak=off_peak');
    expect(fake.state.gridInputs.filter((c) => c.verb === 'binding:constraints').at(-1)!.input).toMatchObject({
      peak: 'off_peak',
    });
  });

  it('says so when it named no binding row in the window, its name from the contingency list', async () => {
    const fake = createFakeApi({ grid: answers() });
    renderApp(fake.api, '#/contingencies/k9');
    const note = await screen.findByTestId('contingency-not-binding');
    await waitFor(() =>
      expect(note.textContent).toContain('Quiet One named no binding row in PJM marginal value real time 5 min'),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Quiet One' })).toBeTruthy();
    expect(screen.queryByTestId('contingency-constraints')).toBeNull();
  });
});
