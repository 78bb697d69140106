import type { KeyboardEvent, MouseEvent } from 'react';
import type { DownloadItem, ExportFile } from '../../../../shared/bridge/contract.js';
import { formatBytes, files as filesWord } from '../../features/downloads/format.js';
import { STATE_WORDS } from '../../features/downloads/states.js';
import { WEEKDAYS, addDays, shadeOf } from './calendar.js';
import type { MonthBlock } from './calendar.js';

/** Props of {@link ExportCalendar}: the year's months, what is selected, downloaded and queued, and the click handlers. */
export interface ExportCalendarProps {
  months: MonthBlock[];
  selected: ReadonlySet<string>;
  /** Days in the library and verified. */
  downloaded: ReadonlySet<string>;
  /** The queue's items of this dataset by date (not cancelled). */
  queued: ReadonlyMap<string, DownloadItem>;
  /** The largest file of the year, for the shades. */
  largest: number;
  onDay: (date: string, shift: boolean) => void;
  onMonth: (dates: string[]) => void;
}

/** The queue's state of a day in a few words: `queued`, `downloading 42%`, `failed`. */
function queueWords(item: DownloadItem): string {
  if (item.state === 'running' && item.expectedBytes)
    return `downloading ${Math.floor((item.bytesWritten / item.expectedBytes) * 100)}%`;
  return STATE_WORDS[item.state].toLowerCase();
}

const ARROWS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/** Arrow keys move between days with a file (skipping blank ones), across months; Shift+Enter or Shift+Space selects a range. */
function onCalendarKey(e: KeyboardEvent<HTMLDivElement>, onDay: (date: string, shift: boolean) => void) {
  const date = (e.target as HTMLElement).dataset.date;
  if (!date) return;
  if (e.shiftKey && (e.key === 'Enter' || e.key === ' ')) {
    e.preventDefault();
    onDay(date, true);
    return;
  }
  const step = ARROWS[e.key];
  if (!step) return;
  e.preventDefault();
  // A few months of blank days at most lie between two files of the shown year.
  let next = date;
  for (let i = 0; i < 120; i++) {
    next = addDays(next, step);
    const button = e.currentTarget.querySelector<HTMLButtonElement>(`button[data-date="${next}"]:not(:disabled)`);
    if (button) {
      button.focus();
      return;
    }
  }
}

/**
 * A year of export files as month blocks, each a week per row in 7 columns (Monday first). A day with a file is a toggle
 * button showing its size, shaded by size, with a ✓ when downloaded or its queue state; days without a file are
 * disabled. A month's title selects (or clears) all its files.
 */
export function ExportCalendar({ months, selected, downloaded, queued, largest, onDay, onMonth }: ExportCalendarProps) {
  return (
    <div className="cal-months" onKeyDown={(e) => onCalendarKey(e, onDay)}>
      {months.map((m) => {
        const byDate = new Map(m.files.map((f) => [f.date, f]));
        const dates = m.files.map((f) => f.date);
        const chosen = dates.filter((d) => selected.has(d)).length;
        const bytes = m.files.reduce((s, f) => s + f.sizeBytes, 0);
        return (
          <section key={m.key} className="cal-month" aria-label={m.title} data-testid={`export-month-${m.key}`}>
            <header className="cal-month-head">
              <button
                type="button"
                className="cal-month-title"
                onClick={() => onMonth(dates)}
                aria-pressed={chosen === dates.length}
                title={chosen === dates.length ? 'Clear this month' : 'Select every file of this month'}
              >
                {m.title}
              </button>
              <span className="muted small">
                {filesWord(dates.length)} · {formatBytes(bytes)}
              </span>
            </header>
            <div className="cal-days" role="group" aria-label={`Days of ${m.title}`}>
              {WEEKDAYS.map((w) => (
                <span key={w} className="cal-weekday" aria-hidden="true">
                  {w.slice(0, 2)}
                </span>
              ))}
              {m.cells.map((date, i) =>
                date === null ? (
                  <span key={`pad-${i}`} className="cal-pad" aria-hidden="true" />
                ) : (
                  <Day
                    key={date}
                    date={date}
                    file={byDate.get(date)}
                    selected={selected.has(date)}
                    downloaded={downloaded.has(date)}
                    item={queued.get(date)}
                    shade={shadeOf(byDate.get(date)?.sizeBytes, largest)}
                    onDay={onDay}
                  />
                ),
              )}
            </div>
          </section>
        );
      })}
    </div>
  );
}

function Day(props: {
  date: string;
  file: ExportFile | undefined;
  selected: boolean;
  downloaded: boolean;
  item: DownloadItem | undefined;
  shade: number;
  onDay: (date: string, shift: boolean) => void;
}) {
  const { date, file, selected, downloaded, item, shade, onDay } = props;
  const day = Number(date.slice(8));
  if (!file)
    return (
      <button type="button" className="cal-day empty" disabled title={`${date}, no file`} data-testid={`export-day-${date}`}>
        <span className="cal-num">{day}</span>
        <span className="visually-hidden">, no file</span>
      </button>
    );
  const size = formatBytes(file.sizeBytes);
  const state = downloaded ? ['downloaded'] : item ? [queueWords(item)] : [];
  const label = [date, size, ...state];
  return (
    <button
      type="button"
      className={`cal-day shade-${shade}${selected ? ' selected' : ''}${downloaded ? ' downloaded' : ''}`}
      aria-pressed={selected}
      // Named by what it shows (day and size) plus its state, so voice control finds it by its number; the title is
      // the whole date, read as its description (the month is the group's name).
      title={label.join(', ')}
      data-testid={`export-day-${date}`}
      data-date={date}
      data-queue-state={item?.state}
      onClick={(e: MouseEvent) => onDay(date, e.shiftKey)}
    >
      <span className="cal-num">{day}</span>
      <span className="cal-size">
        <span className="long">{size}</span>
        <span className="short">{size.replace(' ', '').replace(/([KMGT])B$/, '$1')}</span>
      </span>
      {state.length > 0 && <span className="visually-hidden">, {state.join(', ')}</span>}
      {downloaded ? (
        <span className="cal-mark done" aria-hidden="true">
          ✓
        </span>
      ) : item ? (
        <span className={`cal-mark state-${item.state}`} aria-hidden="true">
          {item.state === 'running' ? '↓' : item.state === 'failed' ? '!' : '•'}
        </span>
      ) : null}
    </button>
  );
}
