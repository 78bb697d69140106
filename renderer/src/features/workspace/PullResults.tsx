import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { PullRecord } from '../../../../shared/bridge/contract.js';
import type { DatasetWithTimezone } from '../../../../shared/schemas/dataset.js';
import { zoneLabel } from './zones.js';
import { ResultChart } from '../charts/ResultChart.js';
import { frequencySeconds, resampleSeconds } from '../datasets/frequency.js';
import { ExportButtons } from '../results-table/ExportButtons.js';
import { ResultsTable } from '../results-table/ResultsTable.js';
import type { TableView } from '../../../../shared/bridge/workspace.js';
import { EMPTY_VIEW } from '../results-table/tableView.js';
import { datasetMarketZone, isHourlyPull } from '../results-table/marketHours.js';
import { useMarketTime } from '../time/useMarketTime.js';
import './workspace.css';

/**
 * Props of {@link PullResults}: the table's `view` (sort and filters) is held by the caller (the address), `null` = none;
 * `extra` goes in the toolbar after the export buttons (e.g. "Save query").
 */
export interface PullResultsProps {
  pull: PullRecord;
  dataset: DatasetWithTimezone;
  view: TableView | null;
  onViewChange: (view: TableView) => void;
  extra?: ReactNode;
}

/** A pull's rows as a table or a chart ("Table | Chart"), both read from the workspace. */
export function PullResults({ pull, dataset, view, onViewChange, extra }: PullResultsProps) {
  const [tab, setTab] = useState<'table' | 'chart'>('table');
  const current = view ?? EMPTY_VIEW;
  const marketZone = datasetMarketZone(dataset);
  const display = useMarketTime(dataset.source);
  // A query's rows are shown in the zone it was asked in; binding rows and local files, which name none, in market time
  // unless the user chose UTC.
  const zone = pull.kind === 'query' ? zoneLabel(pull.params.timezone, dataset) : marketZone && !display.utc ? marketZone : 'UTC';
  const keyColumns = useMemo(
    () =>
      new Set([
        ...(dataset.primary_key_columns ?? []),
        ...(dataset.subseries_index_column ? [dataset.subseries_index_column] : []),
      ]),
    [dataset.primary_key_columns, dataset.subseries_index_column],
  );
  const timeColumn = dataset.time_index_column ?? null;

  return (
    <section className="pull-results" aria-label="Results" data-testid="results">
      <div className="tabs" role="tablist" aria-label="Show results as">
        {(['table', 'chart'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            className={tab === t ? 'tab active' : 'tab'}
            onClick={() => setTab(t)}
            data-testid={`tab-${t}`}
          >
            {t === 'table' ? 'Table' : 'Chart'}
          </button>
        ))}
      </div>
      {tab === 'table' ? (
        <ResultsTable
          pull={pull}
          view={current}
          onViewChange={onViewChange}
          zone={zone}
          keyColumns={keyColumns}
          timeColumn={timeColumn}
          marketZone={marketZone}
          hourly={isHourlyPull(dataset, pull)}
          actions={
            <>
              <ExportButtons pullId={pull.id} view={current} disabled={pull.rows === 0 && pull.state !== 'running'} />
              {extra}
            </>
          }
        />
      ) : (
        <div className="chart-panel" role="tabpanel">
          {timeColumn ? (
            <ResultChart
              pullId={pull.id}
              columns={pull.columns}
              timeColumn={timeColumn}
              subseriesColumn={dataset.subseries_index_column ?? null}
              timezone={pull.params.timezone ?? ''}
              datasetTimezone={dataset.data_timezone}
              revision={pull.progress?.rows ?? pull.rows}
              stepSeconds={resampleSeconds(pull.params.resampleFrequency) ?? frequencySeconds(dataset.data_frequency)}
            />
          ) : (
            <p className="muted">This dataset has no time column to chart against.</p>
          )}
        </div>
      )}
    </section>
  );
}
