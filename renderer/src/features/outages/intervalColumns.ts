import type { DataColumn } from '../constraints/table/dataColumn.js';
import { timeColumn } from '../constraints/table/vocabColumns.js';

/** What an outage row carries of its interval: ISO instants in UTC. */
interface OutageInterval {
  current_interval_start_utc: string;
  current_interval_end_utc: string;
}

/** An outage table's "Outage start" and "Outage end" columns, in `zone` (market time or UTC). */
export function outageIntervalColumns<T extends OutageInterval>(zone: string): DataColumn<T>[] {
  return [
    timeColumn<T>({
      id: 'start',
      name: 'current_interval_start_utc',
      label: 'Outage start',
      value: (t) => t.current_interval_start_utc,
      width: 170,
      zone,
    }),
    timeColumn<T>({
      id: 'end',
      name: 'current_interval_end_utc',
      label: 'Outage end',
      value: (t) => t.current_interval_end_utc,
      width: 170,
      zone,
    }),
  ];
}
