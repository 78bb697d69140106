import { useEffect, useEffectEvent } from 'react';
import { windowInUtc, windowInZone } from './timeText.js';
import { SLIDER_RESOLUTION_MS, STEPS, shownWindow, sliderRange, stepMs, stepTime } from '../../features/map/timeWindow.js';
import type { ShownWindow, StepKey } from '../../features/map/timeWindow.js';

/** How often Play advances one step, ms. */
export const PLAY_TICK_MS = 700;

/** Props of {@link TimeSlider}. */
export interface TimeSliderProps {
  /** The page's window `[start, end)`, epoch ms. */
  range: ShownWindow;
  t: number;
  step: StepKey;
  allTimes: boolean;
  playing: boolean;
  /** The market's IANA zone, for the window in market time. */
  zone: string;
  onTime: (t: number) => void;
  onStep: (step: StepKey) => void;
  onAllTimes: (all: boolean) => void;
  onPlaying: (playing: boolean) => void;
}

/** Advances `t` one step every {@link PLAY_TICK_MS} while `playing`; stops at the end of the range. */
function usePlayback({ playing, t, step, range, onTime, onPlaying }: TimeSliderProps): void {
  const tick = useEffectEvent(() => {
    const next = stepTime(t, 1, stepMs(step), range);
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
 * The time slider that knows intervals: an instant `t` over the window, a step, the shown window `[t, t + step)` in
 * words (UTC and market time), Play/Pause and step buttons, and "All times" (no time filter).
 */
export function TimeSlider(props: TimeSliderProps) {
  const { range, t, step, allTimes, playing, zone, onTime, onStep, onAllTimes, onPlaying } = props;
  usePlayback(props);
  const { min, max } = sliderRange(range);
  const ms = stepMs(step);
  const shown = shownWindow(t, ms);
  const back = stepTime(t, -1, ms, range);
  const forward = stepTime(t, 1, ms, range);
  const utc = windowInUtc(shown);
  const play = () => {
    // Play from the start again once the end was reached.
    if (stepTime(t, 1, ms, range) === null) onTime(min);
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
          aria-valuetext={allTimes ? 'All times' : utc}
          disabled={allTimes}
          onChange={(e) => onTime(Number(e.target.value))}
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
            <strong>{utc}</strong>
            <span className="muted">
              {' '}
              · market time ({zone}): {windowInZone(shown, zone)}
            </span>
          </>
        )}
      </p>
    </div>
  );
}
