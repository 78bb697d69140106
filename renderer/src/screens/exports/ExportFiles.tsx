import { useMemo, useState } from 'react';
import type { DownloadItem, ExportFile } from '../../../../shared/bridge/contract.js';
import { ErrorState } from '../../components/ErrorState.js';
import { useDownloads, useLibrary, useStartDownloads } from '../../features/downloads/downloadQueries.js';
import { files as filesWord, formatBytes } from '../../features/downloads/format.js';
import { hrefs, navigate } from '../../lib/router.js';
import { monthsOf, yearsOf } from './calendar.js';
import { NO_DAYS, clickDay, toggleGroup } from '../../features/downloads/daySelection.js';
import { ExportCalendar } from './ExportCalendar.js';
import { coverageText, selectionCoverage } from './coverage.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { zoneCaption } from '../../../../shared/time/format.js';

/** Props of {@link ExportFiles}: one dataset's files (all years), the year from the address and where a new year goes. */
export interface ExportFilesProps {
  datasetId: string;
  datasetName: string;
  files: ExportFile[];
  year: number | null;
  onYear: (year: number) => void;
  /** The dataset's market (`source`), whose time the hours of each file are written in; null: UTC. */
  market: string | null;
  /** The files are days of the publish time (forecasts), not of the time index. */
  byPublishTime: boolean;
}

/** The library's verified days and the queue's open items of one dataset, for the calendar's marks. */
function useDayMarks(datasetId: string) {
  const library = useLibrary().data;
  const queue = useDownloads().data;
  const downloaded = useMemo(
    () =>
      new Set(
        library?.datasets
          .find((d) => d.datasetId === datasetId)
          ?.files.filter((f) => f.state === 'verified')
          .map((f) => f.date),
      ),
    [library, datasetId],
  );
  const queued = useMemo(() => {
    const byDate = new Map<string, DownloadItem>();
    for (const item of queue?.items ?? [])
      if (item.datasetId === datasetId && item.state !== 'cancelled' && item.state !== 'completed') byDate.set(item.date, item);
    return byDate;
  }, [queue, datasetId]);
  return { downloaded, queued };
}

/**
 * A dataset's export files: the year picker, the calendar (click, Shift+click, a month's title), "Select all in <year>",
 * "Clear", and a summary bar that stays in view with "Download N files" (`downloads:start`, then the Downloads page).
 * Days already downloaded may be selected; they are left out of the download and the summary says so.
 */
export function ExportFiles({ datasetId, datasetName, files, year, onYear, market, byPublishTime }: ExportFilesProps) {
  const { zone } = useMarketTime(market);
  const years = useMemo(() => yearsOf(files), [files]);
  const shownYear = year !== null && years.includes(year) ? year : years[0]!;
  const months = useMemo(() => monthsOf(files, shownYear), [files, shownYear]);
  const sizes = useMemo(() => new Map(files.map((f) => [f.date, f.sizeBytes])), [files]);
  const allDates = useMemo(() => files.map((f) => f.date), [files]);
  const yearDates = months.flatMap((m) => m.files.map((f) => f.date));
  const largest = Math.max(0, ...months.flatMap((m) => m.files.map((f) => f.sizeBytes)));
  const { downloaded, queued } = useDayMarks(datasetId);
  const [sel, setSel] = useState(NO_DAYS);
  const start = useStartDownloads();

  const selected = [...sel.days].sort();
  const wanted = selected.filter((d) => !downloaded.has(d));
  const skipped = selected.length - wanted.length;
  const bytes = selected.reduce((s, d) => s + (sizes.get(d) ?? 0), 0);
  const allYear = yearDates.length > 0 && yearDates.every((d) => sel.days.has(d));

  return (
    <section className="export-files" aria-label={`Export files of ${datasetName}`}>
      <div className="toolbar cal-toolbar">
        <div className="year-bar" role="group" aria-label="Year">
          {years.map((y) => (
            <button
              key={y}
              type="button"
              aria-pressed={y === shownYear}
              className={y === shownYear ? 'year active' : 'year'}
              onClick={() => onYear(y)}
              data-testid={`export-year-${y}`}
            >
              {y}
            </button>
          ))}
        </div>
        <button type="button" onClick={() => setSel(toggleGroup(sel, yearDates))} data-testid="export-select-year">
          {allYear ? `Clear ${shownYear}` : `Select all in ${shownYear}`}
        </button>
        <button type="button" onClick={() => setSel(NO_DAYS)} disabled={sel.days.size === 0} data-testid="export-clear">
          Clear
        </button>
        <span className="muted small cal-hint">
          Click a day to select it; Shift+click selects a range; a month’s name selects it all.
        </span>
      </div>
      <Legend />
      <p className="muted small export-day-note" data-testid="export-day-note">
        Each file is one UTC day of {byPublishTime ? 'publish times' : 'interval starts'}
        {zone === 'UTC'
          ? '.'
          : `: in market time (${zoneCaption(zone)}) the file of ${files.at(-1)!.date} holds ${coverageText(files.at(-1)!.date, zone)}.`}
      </p>
      <ExportCalendar
        months={months}
        selected={sel.days}
        downloaded={downloaded}
        queued={queued}
        largest={largest}
        onDay={(date, shift) => setSel(clickDay(sel, date, allDates, shift))}
        onMonth={(dates) => setSel(toggleGroup(sel, dates))}
      />
      <div className="export-summary" data-testid="export-summary" aria-live="polite">
        <p className="export-summary-text">
          {selected.length === 0 ? (
            <span className="muted">No days selected</span>
          ) : (
            <>
              <strong data-testid="export-summary-count">
                {filesWord(selected.length)} · {formatBytes(bytes)} selected
              </strong>
              {skipped > 0 && (
                <span className="muted" data-testid="export-summary-skipped">
                  {' '}
                  · {skipped} already downloaded will be skipped
                </span>
              )}
            </>
          )}
        </p>
        {selected.length > 0 && (
          <ul className="export-coverage muted small" aria-label="Hours the selected files cover" data-testid="export-coverage">
            {selectionCoverage(selected, zone).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {start.isError && <ErrorState error={start.error} heading="The download did not start" verb="downloads:start" />}
        <button
          type="button"
          className="primary"
          disabled={wanted.length === 0 || start.isPending}
          onClick={() => start.mutate({ datasetId, dates: wanted }, { onSuccess: () => navigate(hrefs.downloads) })}
          data-testid="export-download"
        >
          {start.isPending
            ? 'Starting…'
            : wanted.length === 0 && skipped > 0
              ? 'All downloaded'
              : wanted.length === 0
                ? 'Download'
                : `Download ${filesWord(wanted.length)}`}
        </button>
      </div>
    </section>
  );
}

/** What the shades and marks mean. */
function Legend() {
  return (
    <p className="cal-legend muted small" aria-hidden="true">
      <span className="cal-legend-shades">
        Smaller <i className="shade-1" />
        <i className="shade-2" />
        <i className="shade-3" />
        <i className="shade-4" /> larger
      </span>
      <span>✓ Downloaded</span>
      <span>• In the queue</span>
      <span>! Failed</span>
    </p>
  );
}
