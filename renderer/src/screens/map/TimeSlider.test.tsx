// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { PLAY_TICK_MS, TimeSlider } from './TimeSlider.js';
import type { StepKey } from '../../features/map/timeWindow.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const H = 3_600_000;
const T0 = Date.parse('2024-09-02T00:00:00Z');
const range = { start: T0, end: T0 + 4 * H };

function Harness({
  t0 = T0,
  onTime,
  shownZone = 'US/Eastern',
}: {
  t0?: number;
  onTime?: (t: number) => void;
  shownZone?: string;
}) {
  const [t, setT] = useState(t0);
  const [step, setStep] = useState<StepKey>('1h');
  const [playing, setPlaying] = useState(false);
  return (
    <TimeSlider
      range={range}
      t={t}
      step={step}
      allTimes={false}
      playing={playing}
      zone="US/Eastern"
      shownZone={shownZone}
      onTime={(next) => {
        onTime?.(next);
        setT(next);
      }}
      onStep={setStep}
      onAllTimes={() => {}}
      onPlaying={setPlaying}
    />
  );
}

describe('TimeSlider', () => {
  it('offers the three steps by name and prints the window in market time, then UTC (or the other way round)', () => {
    render(<Harness t0={T0 + 11 * 300_000} />);
    expect([...(screen.getByLabelText('Step') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      '5 minutes',
      '1 hour',
      '1 day',
    ]);
    expect(screen.getByTestId('map-window').textContent).toBe('2024-09-01 20:55 → 21:55 EDT · 2024-09-02 00:55 → 01:55 UTC');
    cleanup();
    render(<Harness t0={T0 + 11 * 300_000} shownZone="UTC" />);
    expect(screen.getByTestId('map-window').textContent).toBe('2024-09-02 00:55 → 01:55 UTC · 2024-09-01 20:55 → 21:55 EDT');
    const slider = screen.getByRole('slider', { name: 'Time' }) as HTMLInputElement;
    expect([slider.min, slider.max, slider.step]).toEqual([String(T0), String(T0 + 4 * H - 300_000), '300000']);
  });

  it('Play advances one step per tick and stops at the end', () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    render(<Harness onTime={(t) => seen.push(t)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    // One tick at a time, so React renders the new `t` between ticks as it does in the page.
    for (let i = 0; i < 6; i++) act(() => vi.advanceTimersByTime(PLAY_TICK_MS));
    expect(seen).toEqual([T0 + H, T0 + 2 * H, T0 + 3 * H]);
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Step forward' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the step buttons move by the step; Play at the end starts again from the beginning', () => {
    const seen: number[] = [];
    render(<Harness t0={T0 + 3 * H} onTime={(t) => seen.push(t)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Step back' }));
    fireEvent.change(screen.getByLabelText('Step'), { target: { value: '5m' } });
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    expect(seen).toEqual([T0 + 2 * H, T0 + 2 * H + 300_000]);
    fireEvent.change(screen.getByRole('slider', { name: 'Time' }), { target: { value: String(T0 + 4 * H - 300_000) } });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(seen.at(-1)).toBe(T0);
  });

  it('a "1 day" step shows a market day and moves midnight to midnight of market time', () => {
    const seen: number[] = [];
    const day0 = Date.parse('2023-11-05T04:00:00Z');
    function DayHarness() {
      const [t, setT] = useState(day0);
      return (
        <TimeSlider
          range={{ start: day0, end: day0 + 49 * H }}
          t={t}
          step="1d"
          allTimes={false}
          playing={false}
          zone="US/Eastern"
          shownZone="US/Eastern"
          onTime={(next) => (seen.push(next), setT(next))}
          onStep={() => {}}
          onAllTimes={() => {}}
          onPlaying={() => {}}
        />
      );
    }
    render(<DayHarness />);
    expect(screen.getByTestId('map-window').textContent).toMatch(/^2023-11-05 00:00 EDT → 2023-11-06 00:00 EST/);
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    expect(seen).toEqual([day0 + 25 * H]);
    expect(screen.getByTestId('map-window').textContent).toMatch(/^2023-11-06 00:00 → 2023-11-07 00:00 EST/);
  });

  it("the arrow keys move by the chosen step, not by the slider's 5-minute resolution", () => {
    const seen: number[] = [];
    render(<Harness onTime={(t) => seen.push(t)} />);
    const slider = screen.getByRole('slider', { name: 'Time' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowUp' });
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(seen).toEqual([T0 + H, T0 + 2 * H, T0 + H]);
    // Past the range's start: nothing.
    fireEvent.keyDown(slider, { key: 'ArrowDown' });
    fireEvent.keyDown(slider, { key: 'ArrowDown' });
    expect(seen).toEqual([T0 + H, T0 + 2 * H, T0 + H, T0]);
  });
});
