// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '../../AppProviders.js';
import { createFakeApi } from '../../test-support/fakeApi.js';
import { WindowForm } from './WindowForm.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(times: 'market' | 'utc' = 'market', market = 'pjm') {
  const fake = createFakeApi({ display: { times } });
  const applied: { start: string; end: string }[] = [];
  render(
    <AppProviders api={fake.api}>
      <WindowForm
        start="2024-09-02T04:00:00Z"
        end="2024-09-04T04:00:00Z"
        market={market}
        onApply={(w) => applied.push(w)}
        label="Cost window"
        idPrefix="window"
      />
    </AppProviders>,
  );
  return { fake, applied };
}

const value = (id: string) => (screen.getByTestId(id) as HTMLInputElement).value;

describe('WindowForm in market time', () => {
  it('shows the window in market time with the zone in force, the sample pressed', async () => {
    setup();
    expect(await screen.findByText('Start (EDT)')).toBeTruthy();
    expect(screen.getByText('End (EDT, exclusive)')).toBeTruthy();
    expect([value('window-start'), value('window-end')]).toEqual(['2024-09-02 00:00', '2024-09-04 00:00']);
    expect(screen.getByTestId('window-preset-sample-2024').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('time-display-market').getAttribute('aria-pressed')).toBe('true');
  });

  it('the UTC switch rewrites the fields in UTC and is kept by main', async () => {
    const { fake } = setup();
    await screen.findByText('Start (EDT)');
    fireEvent.click(screen.getByTestId('time-display-utc'));
    expect(await screen.findByText('Start (UTC)')).toBeTruthy();
    expect([value('window-start'), value('window-end')]).toEqual(['2024-09-02 04:00', '2024-09-04 04:00']);
    await waitFor(() => expect(fake.state.display).toEqual({ times: 'utc' }));
    // Presets stay market days whatever is shown.
    expect(screen.getByTestId('window-preset-sample-2024').getAttribute('aria-pressed')).toBe('true');
  });

  it('reads typed text in the zone shown and applies on Apply', async () => {
    const { applied } = setup('utc');
    await screen.findByText('Start (UTC)');
    fireEvent.change(screen.getByTestId('window-start'), { target: { value: '2024-09-02 06:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(applied).toEqual([{ start: '2024-09-02T06:00:00Z', end: '2024-09-04T04:00:00Z' }]);
  });

  it('a preset and a chosen market day apply at once; Enter in the day field does not submit the typed fields', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2024-09-05T16:00:00Z') });
    const { applied } = setup();
    await screen.findByText('Start (EDT)');
    fireEvent.click(screen.getByTestId('window-preset-yesterday'));
    fireEvent.change(screen.getByTestId('window-start'), { target: { value: 'half typed' } });
    fireEvent.change(screen.getByTestId('window-day'), { target: { value: '2023-11-05' } });
    fireEvent.keyDown(screen.getByTestId('window-day'), { key: 'Enter' });
    expect(applied).toEqual([
      { start: '2024-09-04T04:00:00Z', end: '2024-09-05T04:00:00Z' },
      { start: '2023-11-05T04:00:00Z', end: '2023-11-06T05:00:00Z' },
    ]);
    fireEvent.change(screen.getByTestId('window-day'), { target: { value: '2023-02-30' } });
    fireEvent.click(screen.getByTestId('window-day-show'));
    expect(screen.getByTestId('window-day-problem').textContent).toBe(
      "'2023-02-30' is not a market date: use YYYY-MM-DD, e.g. 2024-09-02",
    );
    expect(applied).toHaveLength(2);
  });

  it('a market without a clock is in UTC and says so', async () => {
    setup('market', 'aeso');
    expect(await screen.findByText('Start (UTC)')).toBeTruthy();
    expect(screen.getByTestId('time-display-utc-only').textContent).toBe('UTC (no market time is known for this market)');
  });
});
