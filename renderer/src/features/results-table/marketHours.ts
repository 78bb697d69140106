import type { PullRecord } from '../../../../shared/bridge/contract.js';
import type { Dataset, DatasetWithTimezone } from '../../../../shared/schemas/dataset.js';
import { hourEnding } from '../../../../shared/time/hourEnding.js';
import { zoneCaption } from '../../../../shared/time/format.js';
import { marketClock } from '../../../../shared/time/market.js';
import { isKnownZone } from '../../../../shared/time/zones.js';
import { parseInstant } from '../../../../shared/vocabulary/index.js';
import { frequencySeconds } from '../datasets/frequency.js';
import type { ColumnFormat } from './cellFormat.js';

/**
 * Market hours on a pull's results (docs/market-time.md#hour-ending, #peak-buckets): which zone is the market's, whether
 * the rows are hourly, and the time index written as market date and hour ending.
 */

/** Resampling intervals (docs/query.md#resampling) that make rows hourly. */
const HOURLY_RESAMPLES = new Set(['1h', '1 hour', '1 hours', '60min', '60 minutes']);

/**
 * The market zone of a dataset: its market's clock (`source`), else its `data_timezone` when that is a known zone other
 * than UTC; null when neither says (downloaded files without metadata), so no market-time option is offered.
 */
export function datasetMarketZone(dataset: Pick<DatasetWithTimezone, 'source' | 'data_timezone'>): string | null {
  const clock = marketClock(dataset.source);
  if (clock) return clock.zone;
  const zone = dataset.data_timezone;
  return zone && zone !== 'UTC' && isKnownZone(zone) ? zone : null;
}

/** True when a pull's rows are hourly: resampled to one hour, or, without resampling, a `1_HOUR` dataset. */
export function isHourlyPull(dataset: Pick<Dataset, 'data_frequency'>, pull: Pick<PullRecord, 'params'>): boolean {
  const resample = pull.params.resampleFrequency?.trim().toLowerCase();
  if (resample) return HOURLY_RESAMPLES.has(resample);
  return frequencySeconds(dataset.data_frequency) === 3600;
}

/** An interval start as the market publishes hourly data: `2023-11-05 HE02*` (market date and hour ending in `zone`). */
export function hourEndingText(value: unknown, zone: string): string | null {
  const ms = typeof value === 'string' ? parseInstant(value) : NaN;
  if (Number.isNaN(ms)) return null;
  const he = hourEnding(ms, zone);
  return `${he.date} ${he.label}`;
}

/**
 * `formats` with the time index column (`timeColumn`) and its `_local` twin (the one shown in market time) written as
 * market date and hour ending in `zone`, shown and copied alike, the header saying so ("Hour ending (EPT)"); a value that
 * is not an instant keeps its usual text.
 */
export function withHourEnding(formats: ColumnFormat[], timeColumn: string, zone: string): ColumnFormat[] {
  const twin = timeColumn.replace(/_utc$/, '_local');
  const clock = zoneCaption(zone);
  return formats.map((f) =>
    f.name !== timeColumn && f.name !== twin
      ? f
      : {
          ...f,
          label: `Hour ending (${clock})`,
          head: { label: 'Hour ending', unit: clock },
          text: (v) => hourEndingText(v, zone) ?? f.text(v),
          copy: (v) => hourEndingText(v, zone) ?? f.copy(v),
        },
  );
}
