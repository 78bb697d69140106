import {
  copyNumber,
  formatNumber,
  formatUtcTime,
  formatZonedTime,
  labelWithUnit,
  numberFormatOf,
  parseInstant,
  termOf,
  zoneTitle,
} from '../../../../../shared/vocabulary/index.js';
import type { ColumnDef } from '@tanstack/react-table';
import type { DataColumn } from './dataColumn.js';
import { copyFullNumber, copyTime } from './tsv.js';

/** What {@link measureColumn} and {@link timeColumn} need: the column's id, its raw name in the vocabulary, its value. */
interface VocabColumnSpec<T, V> {
  id: string;
  /** The raw name the vocabulary knows it by (`rt_absolute_cost`): label, unit, format and help come from it. */
  name: string;
  value: (row: T) => V | null | undefined;
  width: number;
  /** The label in words when it differs from the vocabulary's (the unit is added). */
  label?: string;
  descFirst?: boolean;
}

/**
 * A numeric column of a {@link DataTable} as the vocabulary says it (docs/vocabulary.md): its label with its unit, a
 * `?` where the term has help, values in the term's format (money 2 decimals, factors 4, counts grouped), copied at the
 * shown precision and, from the menu, at full precision.
 */
export function measureColumn<T>(spec: VocabColumnSpec<T, number>): DataColumn<T> {
  const term = termOf(spec.name);
  const format = numberFormatOf(term) ?? 'quantity';
  return {
    id: spec.id,
    label: labelWithUnit(spec.label ? { ...term, label: spec.label } : term),
    name: spec.name,
    ...(term.help ? { help: term.help } : {}),
    value: (row) => spec.value(row) ?? null,
    cell: (row) => formatNumber(spec.value(row), format),
    copy: (row) => copyNumber(spec.value(row), format),
    copyFull: (row) => copyFullNumber(spec.value(row)),
    width: spec.width,
    numeric: true,
    ...(spec.descFirst ? { descFirst: true } : {}),
  };
}

/**
 * A column of instants (ISO text): shown in UTC ending in `Z`, or in market time `zone` with the zone named, the label
 * saying which ("First seen (UTC)", "First seen (EPT)"); copied as wall time a spreadsheet reads.
 */
export function timeColumn<T>(spec: VocabColumnSpec<T, string> & { zone?: string }): DataColumn<T> {
  const zone = spec.zone ?? 'UTC';
  const base = (spec.label ?? termOf(spec.name).label).replace(/ \((UTC|local)\)$/i, '');
  const show = (iso: string | null | undefined) => {
    const ms = parseInstant(iso ?? '');
    return zone === 'UTC' ? formatUtcTime(ms) : formatZonedTime(ms, zone);
  };
  return {
    id: spec.id,
    label: `${base} (${zoneTitle(zone)})`,
    name: spec.name,
    value: (row) => spec.value(row) ?? null,
    cell: (row) => show(spec.value(row)),
    copy: (row) => copyTime(spec.value(row), zone),
    width: spec.width,
    ...(spec.descFirst ? { descFirst: true } : {}),
  };
}

/**
 * A numeric column of a {@link SortTable}-style TanStack table as the vocabulary says it: header with unit, the raw
 * name on hover and the term's help behind a `?` (`meta`), values in the term's format; missing values sort last.
 */
export function measureDef<T>(
  spec: Omit<VocabColumnSpec<T, number>, 'width' | 'descFirst' | 'id'> & { id?: string },
): ColumnDef<T> {
  const term = termOf(spec.name);
  const format = numberFormatOf(term) ?? 'quantity';
  return {
    id: spec.id ?? spec.name,
    header: labelWithUnit(spec.label ? { ...term, label: spec.label } : term),
    accessorFn: (row) => spec.value(row) ?? undefined,
    cell: (c) => formatNumber(spec.value(c.row.original), format),
    sortUndefined: 'last',
    meta: { className: 'num', name: spec.name, ...(term.help ? { help: term.help } : {}) },
  };
}
