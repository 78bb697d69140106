import type { ReactNode } from 'react';
import type { DatasetWithTimezone } from '../../../../shared/schemas/dataset.js';
import { formatCount, formatSource, formatUtc } from '../../lib/format.js';
import { formatFrequency } from '../../features/datasets/frequency.js';

function Mono({ value }: { value: string | null | undefined }) {
  return value ? <code>{value}</code> : <span className="muted">—</span>;
}

/** The dataset's key facts (source, frequency, time zone, index and key columns, availability, rows) as a list. */
export function DatasetFacts({ dataset: d }: { dataset: DatasetWithTimezone }) {
  const pk = d.primary_key_columns ?? [];
  const facts: [string, ReactNode][] = [
    ['Source', formatSource(d.source)],
    ['Frequency', formatFrequency(d.data_frequency)],
    ['Data time zone', <Mono key="tz" value={d.data_timezone} />],
    ['Time index column', <Mono key="ti" value={d.time_index_column} />],
    ['Subseries column', <Mono key="ss" value={d.subseries_index_column} />],
    ['Publish time column', <Mono key="pt" value={d.publish_time_column} />],
    [
      'Primary key',
      pk.length ? (
        <span key="pk" className="chips">
          {pk.map((c) => (
            <code key={c}>{c}</code>
          ))}
        </span>
      ) : (
        <span key="pk" className="muted">
          —
        </span>
      ),
    ],
    ['Earliest available', formatUtc(d.earliest_available_time_utc)],
    ['Latest available', formatUtc(d.latest_available_time_utc)],
    ['Rows (approx.)', formatCount(d.number_of_rows_approximate)],
  ];
  return (
    <dl className="facts" data-testid="dataset-facts">
      {facts.map(([term, value]) => (
        <div key={term} className="fact">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
