import { useEffect, useEffectEvent } from 'react';
import { windowInZone } from './timeText.js';
import { SLIDER_RESOLUTION_MS, STEPS, sliderRange, stepTimeIn, stepWindow } from '../../features/map/timeWindow.js';
import type { ShownWindow, StepKey } from '../../features/map/timeWindow.js';

/** How often Play advances one step, ms. */
export const PLAY_TICK_MS = 700;

const KEY_DIRECTIONS: Record<string, -1 | 1> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };

/** Props of {@link TimeSlider}. */
export interface TimeSliderProps {
  /** The page's window `[start, end)`, epoch ms. */
  range: ShownWindow;
  t: number;
  step: StepKey;
  allTimes: boolean;
  playing: boolean;
  /** The market's IANA zone: a "1 day" step is a market day of it. */
  zone: string;
  /** The zone the window is written in first (market time, or UTC when the user chose UTC); the other follows it. */
  shownZone: string;
  onTime: (t: number) => void;
  onStep: (step: StepKey) => void;
  onAllTimes: (all: boolean) => void;
  onPlaying: (playing: boolean) => void;
}

/** Advances `t` one step every {@link PLAY_TICK_MS} while `playing`; stops at the end of the range. */
function usePlayback({ playing, t, step, range, zone, onTime, onPlaying }: TimeSliderProps): void {
  const tick = useEffectEvent(() => {
    const next = stepTimeIn(t, 1, step, zone, range);
    if (next === null) onPlaying(false);
    else onTime(next);
  });
  useEffect(() => {
    if (!playing) return;
    const id = setInterval(tick, PLAY_TICK_MS);
    return () => clearInterval(id);
  }, [playing]);
}

/**
 * The time slider that knows intervals: an instant `t` over the window, a step (a "1 day" step is a market day, 00:00
 * to 00:00 market time), the shown window in words (in the zone shown first, then in the other of market time and
 * UTC), Play/Pause and step buttons, and "All times" (no time filter).
 */
export function TimeSlider(props: TimeSliderProps) {
  const { range, t, step, allTimes, playing, zone, shownZone, onTime, onStep, onAllTimes, onPlaying } = props;
  usePlayback(props);
  const { min, max } = sliderRange(range);
  const shown = stepWindow(t, step, zone);
  const back = stepTimeIn(t, -1, step, zone, range);
  const forward = stepTimeIn(t, 1, step, zone, range);
  const first = windowInZone(shown, shownZone);
  const otherZone = shownZone === zone ? 'UTC' : zone;
  const play = () => {
    // Play from the start again once the end was reached.
    if (forward === null) onTime(min);
    onPlaying(true);
  };
  return (
    <div className="time-slider" role="group" aria-label="Playback">
      <div className="time-row">
        <button type="button" onClick={() => back !== null && onTime(back)} disabled={allTimes || back === null}>
          <span aria-hidden="true">◀ </span>Step back
        </button>
        <button type="button" className="primary play" onClick={playing ? () => onPlaying(false) : play} disabled={allTimes}>
          <span aria-hidden="true">{playing ? '❚❚ ' : '▶ '}</span>
          {playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" onClick={() => forward !== null && onTime(forward)} disabled={allTimes || forward === null}>
          Step forward<span aria-hidden="true"> ▶</span>
        </button>
        <input
          type="range"
          aria-label="Time"
          className="time-range"
          min={min}
          max={max}
          step={SLIDER_RESOLUTION_MS}
          value={t}
          aria-valuetext={allTimes ? 'All times' : first}
          disabled={allTimes}
          onChange={(e) => onTime(Number(e.target.value))}
          onKeyDown={(e) => {
            // The arrow keys move by the chosen step (the input's own step is the slider's 5-minute resolution).
            const direction = KEY_DIRECTIONS[e.key];
            if (!direction) return;
            e.preventDefault();
            const next = direction === 1 ? forward : back;
            if (next !== null) onTime(next);
          }}
        />
        <select aria-label="Step" value={step} onChange={(e) => onStep(e.target.value as StepKey)} disabled={allTimes}>
          {STEPS.map((s) => (
            <option key={s.key} value={s.key}>
              {s.label}
            </option>
          ))}
        </select>
        <label className="inline-label">
          <input type="checkbox" checked={allTimes} onChange={(e) => onAllTimes(e.target.checked)} /> All times
        </label>
      </div>
      <p className="time-words" aria-live="polite" data-testid="map-window">
        {allTimes ? (
          <>Showing every binding interval and outage of the window, whatever its time.</>
        ) : (
          <>
            <strong>{first}</strong>
            {otherZone !== shownZone && <span className="muted"> · {windowInZone(shown, otherZone)}</span>}
          </>
        )}
      </p>
    </div>
  );
}
