import type { TableColumn } from '../../../../shared/bridge/contract.js';
import {
  MISSING,
  copyNumber,
  copyTime,
  formatNumber,
  formatUtcTime,
  formatZonedTime,
  labelWithUnit,
  numberFormatOf,
  parseInstant,
  termOf,
  zoneTitle,
} from '../../../../shared/vocabulary/index.js';
import type { NumberFormat, Term } from '../../../../shared/vocabulary/index.js';

/**
 * How the results table writes each column (docs/vocabulary.md): its header in words with its unit, numbers by the
 * vocabulary's formats (prices 2 decimals, factors 4, counts grouped, identifiers ungrouped), `*_utc` times in UTC ending
 * in `Z`, market-time columns in the table's zone with the zone named.
 */
export interface ColumnFormat {
  name: string;
  /** The label and unit in words ("Shadow price ($/MWh)"), as menus, chips and the header's accessible name say it. */
  label: string;
  /** The header's two lines: the label ("Shadow price") and, under it, its unit or clock ("$/MWh", "EPT"). */
  head: { label: string; unit?: string };
  /** What a `?` by the header explains, if anything. */
  help?: string;
  /** Right-aligned (numbers). */
  numeric: boolean;
  /** The zone its times are shown and filtered in: UTC for `*_utc` columns, else the table's. */
  zone: string;
  /** The text shown in a cell; an em dash for null. */
  text(value: unknown): string;
  /** The text copied (TSV for spreadsheets): the shown precision without grouping, times as wall time without a zone. */
  copy(value: unknown): string;
  /** The text "Copy with full precision" writes: the stored number. */
  copyFull(value: unknown): string;
}

/** What the formats depend on besides the column: the zone times are shown in, and the dataset's key columns. */
export interface FormatContext {
  /** An IANA zone, or `UTC`. */
  zone: string;
  /** Primary-key and subseries columns: identifiers when they hold numbers. */
  keyColumns: ReadonlySet<string>;
}

/** TSV quoting as spreadsheets read it: a value with a tab, newline or quote is quoted, quotes doubled. */
export function tsvField(text: string): string {
  return /[\t\n\r"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// The workspace's storage types in the words termOf reads (/v1's names).
const TYPE_NAMES: Record<TableColumn['type'], string> = {
  TIMESTAMPTZ: 'TIMESTAMP WITH TIME ZONE',
  TIMESTAMP: 'TIMESTAMP',
  DATE: 'DATE',
  DOUBLE: 'DOUBLE PRECISION',
  BIGINT: 'BIGINT',
  BOOLEAN: 'BOOLEAN',
  VARCHAR: 'VARCHAR',
};

/** The vocabulary's term of a pulled column; a numeric key or subseries column is an identifier. */
export function columnTerm(column: TableColumn, keyColumns: ReadonlySet<string>): Term {
  const term = termOf(column.name, TYPE_NAMES[column.type]);
  const numeric = column.type === 'DOUBLE' || column.type === 'BIGINT';
  if (numeric && keyColumns.has(column.name)) return { ...term, kind: 'identifier' };
  // A whole-number column the vocabulary reads as a quantity is a count; a stored number read as text is a quantity.
  if (numeric && numberFormatOf(term) === null) return { ...term, kind: column.type === 'BIGINT' ? 'count' : 'quantity' };
  return term;
}

/** The instant of a stored time value (ISO text with or without an offset), or NaN. */
const instantOf = (v: unknown): number => (typeof v === 'string' ? parseInstant(v) : NaN);

type Heading = Pick<ColumnFormat, 'name' | 'label' | 'head' | 'help'>;

function numberFormat(heading: Heading, format: NumberFormat, zone: string): ColumnFormat {
  const isNumber = (v: unknown): v is number => typeof v === 'number';
  return {
    ...heading,
    numeric: true,
    zone,
    text: (v) => (v === null || v === undefined ? MISSING : isNumber(v) ? formatNumber(v, format) : String(v)),
    copy: (v) => (isNumber(v) ? copyNumber(v, format) : v === null || v === undefined ? '' : String(v)),
    copyFull: (v) => (v === null || v === undefined ? '' : String(v)),
  };
}

/**
 * The format of each column of a pull in `ctx.zone`: by its vocabulary term (known columns by name, others from their
 * name and type), so a column keeps its label, unit and decimals however the rows scroll.
 */
export function columnFormats(columns: readonly TableColumn[], ctx: FormatContext): ColumnFormat[] {
  return columns.map((column): ColumnFormat => {
    const { name } = column;
    const term = columnTerm(column, ctx.keyColumns);
    const help = term.help;
    const format = numberFormatOf(term);
    const isTime = term.kind === 'time_utc' || term.kind === 'time_local';
    const zone = term.kind === 'time_utc' ? 'UTC' : ctx.zone;
    const unit = term.kind === 'time_local' ? zoneTitle(zone) : term.unit;
    const heading: Heading = {
      name,
      label: unit ? `${term.label} (${unit})` : labelWithUnit(term),
      head: unit ? { label: term.label, unit } : { label: labelWithUnit(term) },
      ...(help ? { help } : {}),
    };
    if (format && (column.type === 'DOUBLE' || column.type === 'BIGINT')) return numberFormat(heading, format, zone);
    if (isTime && (column.type === 'TIMESTAMPTZ' || column.type === 'TIMESTAMP' || column.type === 'VARCHAR')) {
      const show = (ms: number) => (zone === 'UTC' ? formatUtcTime(ms) : formatZonedTime(ms, zone));
      return {
        ...heading,
        numeric: false,
        zone,
        text: (v) => (v === null || v === undefined ? MISSING : Number.isNaN(instantOf(v)) ? String(v) : show(instantOf(v))),
        copy: (v) => (v === null || v === undefined ? '' : Number.isNaN(instantOf(v)) ? String(v) : copyTime(instantOf(v), zone)),
        copyFull: (v) => (v === null || v === undefined ? '' : String(v)),
      };
    }
    const asText = (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v));
    return {
      ...heading,
      numeric: false,
      zone,
      text: (v) => (v === null || v === undefined ? MISSING : asText(v)),
      copy: (v) => (v === null || v === undefined ? '' : tsvField(asText(v))),
      copyFull: (v) => (v === null || v === undefined ? '' : tsvField(asText(v))),
    };
  });
}
