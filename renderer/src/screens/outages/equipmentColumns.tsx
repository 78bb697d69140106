import type { OutageEquipment } from '../../../../shared/schemas/outages.js';
import type { DataColumn } from '../../features/constraints/table/dataColumn.js';
import { measureColumn, timeColumn } from '../../features/constraints/table/vocabColumns.js';
import { textColumn } from './columns.js';

/** The columns of a ticket's equipment: name, facility, type, stations, voltage, zone, switching, interval (market time `zone`). */
export function equipmentColumns(zone: string): DataColumn<OutageEquipment>[] {
  return [
    { ...textColumn<OutageEquipment>('equipment', 'equipment_name', (e) => e.equipment_name, 200), hideable: false },
    textColumn('facility', 'facility_name', (e) => e.facility_name, 220, true),
    textColumn('type', 'equipment_type', (e) => e.equipment_type, 110),
    textColumn('from', 'station_1', (e) => e.station_1, 130),
    textColumn('to', 'station_2', (e) => e.station_2, 130),
    measureColumn({ id: 'voltage', name: 'voltage', value: (e) => e.voltage, width: 110, descFirst: true }),
    textColumn('zone', 'zone', (e) => e.zone, 100),
    textColumn('switching', 'switching_action', (e) => e.switching_action, 100),
    timeColumn({ id: 'start', name: 'interval_start_utc', label: 'Start', value: (e) => e.interval_start_utc, width: 170, zone }),
    timeColumn({ id: 'end', name: 'interval_end_utc', label: 'End', value: (e) => e.interval_end_utc, width: 170, zone }),
  ];
}
