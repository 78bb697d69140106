import { useSetTimeDisplay } from './displayQueries.js';
import type { MarketTime } from './marketTime.js';
import './time.css';

/**
 * The UTC switch of a window picker: two chips, "EPT | UTC", pressed on the one in force (the picker captions them
 * "Times in"); the choice is the user's, kept by main for every screen (`display:set`). A market without a clock in the
 * table shows UTC and says so instead.
 */
export function TimeDisplaySwitch({ time }: { time: MarketTime }) {
  const set = useSetTimeDisplay();
  const clock = time.clock;
  if (!clock)
    return (
      <span className="time-switch muted small" data-testid="time-display-utc-only">
        UTC (no market time is known for this market)
      </span>
    );
  const options = [
    {
      value: 'market' as const,
      label: clock.prevailing,
      title: `${clock.name} market time (${clock.standard} in winter, ${clock.daylight} in summer)`,
    },
    { value: 'utc' as const, label: 'UTC', title: 'Coordinated Universal Time' },
  ];
  return (
    <span className="time-switch" role="group" aria-label="Show and type times in">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className="chip"
          title={o.title}
          aria-pressed={time.utc === (o.value === 'utc')}
          onClick={() => set.mutate(o.value)}
          data-testid={`time-display-${o.value}`}
        >
          {o.label}
        </button>
      ))}
    </span>
  );
}
