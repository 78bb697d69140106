import type { TableColumn } from '../../../../shared/bridge/contract.js';
import { zoneOffsetMs } from '../../../../shared/time/zones.js';
import { formatCell } from './cells.js';

/**
 * How the results table writes each column's values (docs/desktop.md#the-query-page): numbers right-aligned with a fixed
 * number of decimals per column, identifiers without thousands separators, timestamps in the chosen zone.
 */
export interface ColumnFormat {
  name: string;
  /** Right-aligned (numbers). */
  numeric: boolean;
  /** The text shown in a cell; an em dash for null. */
  text(value: unknown): string;
  /** The text copied to the clipboard (TSV for spreadsheets): full precision, no grouping, times without a zone suffix. */
  copy(value: unknown): string;
}

/** What the formats depend on besides the column: the zone times are shown in, and the dataset's key columns. */
export interface FormatContext {
  /** An IANA zone, or `UTC`. */
  zone: string;
  /** Primary-key and subseries columns: identifiers when they hold numbers. */
  keyColumns: ReadonlySet<string>;
}

/** Most decimals a column is shown with. */
export const MAX_DECIMALS = 6;

const ID_NAME = /(^id$|_id$|^ptid$|_ptid$)/i;
const PRICE_NAME = /(price|lmp|lbmp|spp|mcc|mlc|mec|cost)/i;

/** True when a numeric column names things rather than measures them: key and subseries columns, `*_id`, `ptid`. */
export function isIdentifierColumn(name: string, keyColumns: ReadonlySet<string>): boolean {
  return keyColumns.has(name) || ID_NAME.test(name);
}

/** Decimal places `v` needs, read at 10 significant digits so binary noise (0.1 + 0.2) does not count. */
export function fractionDigits(v: number): number {
  if (!Number.isFinite(v) || Number.isInteger(v)) return 0;
  const [mantissa = '', exponent = '0'] = Number(v.toPrecision(10)).toExponential().split('e');
  return Math.max(0, (mantissa.split('.')[1] ?? '').length - Number(exponent));
}

/**
 * Decimals of a numeric column: 0 for BIGINT and for identifiers holding whole numbers; 2 for prices (`*price*`, `lmp`,
 * `mcc`, `cost`, …); else as many as the sample's values need, at most {@link MAX_DECIMALS} (2 without a sample).
 */
export function decimalsFor(column: TableColumn, sample: readonly unknown[], keyColumns: ReadonlySet<string>): number {
  if (column.type === 'BIGINT') return 0;
  const numbers = sample.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const needed = Math.min(MAX_DECIMALS, Math.max(0, ...numbers.map(fractionDigits)));
  if (isIdentifierColumn(column.name, keyColumns)) return needed;
  if (PRICE_NAME.test(column.name)) return 2;
  return numbers.length === 0 ? 2 : needed;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(decimals: number, grouping: boolean): Intl.NumberFormat {
  const key = `${decimals}/${grouping}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: grouping,
    });
    numberFormats.set(key, f);
  }
  return f;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Splits an instant's wall time in `zone`: date, `HH:mm`, `:ss(.fff)` when not zero, and the UTC offset. */
function wallTime(iso: string, zone: string): { date: string; minutes: string; seconds: string; offsetMs: number } | null {
  const m = ISO.exec(iso);
  if (!m) return null;
  const offsetText = m[8] ?? 'Z';
  const sign = offsetText.startsWith('-') ? -1 : 1;
  const digits = offsetText === 'Z' ? '0000' : offsetText.slice(1).replace(':', '');
  const given = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  const epoch = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) - given;
  let offsetMs = 0;
  try {
    offsetMs = zone === 'UTC' ? 0 : zoneOffsetMs(zone, epoch);
  } catch {
    offsetMs = 0;
  }
  const d = new Date(epoch + offsetMs);
  const fraction = m[7] && Number(m[7]) !== 0 ? m[7] : '';
  const secs = d.getUTCSeconds();
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    minutes: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
    seconds: secs !== 0 || fraction ? `:${pad(secs)}${fraction}` : '',
    offsetMs,
  };
}

/** `-05:00` for an offset in ms. */
function offsetText(ms: number): string {
  const mins = Math.abs(ms) / 60_000;
  return `${ms < 0 ? '-' : '+'}${pad(Math.floor(mins / 60))}:${pad(mins % 60)}`;
}

/** An ISO instant shown in `zone`: `2024-03-01 05:00 UTC`, or `2024-03-01 00:00 -05:00` elsewhere; unreadable text as is. */
export function formatInstant(iso: string, zone: string): string {
  const w = wallTime(iso, zone);
  if (!w) return iso;
  return `${w.date} ${w.minutes}${w.seconds} ${zone === 'UTC' ? 'UTC' : offsetText(w.offsetMs)}`;
}

/** TSV quoting as spreadsheets read it: a value with a tab, newline or quote is quoted, quotes doubled. */
export function tsvField(text: string): string {
  return /[\t\n\r"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const DASH = '—';

/**
 * The format of each column of a pull, decided once from its type, its name and a sample of its values (the first rows
 * read), so a column keeps its decimals while scrolling.
 */
export function columnFormats(columns: readonly TableColumn[], sample: readonly unknown[][], ctx: FormatContext): ColumnFormat[] {
  return columns.map((column, i): ColumnFormat => {
    const { name, type } = column;
    if (type === 'DOUBLE' || type === 'BIGINT') {
      const decimals = decimalsFor(
        column,
        sample.map((r) => r[i]),
        ctx.keyColumns,
      );
      const f = numberFormat(decimals, !isIdentifierColumn(name, ctx.keyColumns));
      return {
        name,
        numeric: true,
        text: (v) => (v === null || v === undefined ? DASH : typeof v === 'number' ? f.format(v) : String(v)),
        copy: (v) => (v === null || v === undefined ? '' : String(v)),
      };
    }
    if (type === 'TIMESTAMPTZ') {
      return {
        name,
        numeric: false,
        text: (v) => (typeof v === 'string' ? formatInstant(v, ctx.zone) : DASH),
        copy: (v) => {
          if (typeof v !== 'string') return '';
          const w = wallTime(v, ctx.zone);
          return w ? `${w.date} ${w.minutes}${w.seconds || ':00'}` : v;
        },
      };
    }
    return {
      name,
      numeric: false,
      text: (v) => (v === null || v === undefined ? DASH : formatCell(v).text),
      copy: (v) => (v === null || v === undefined ? '' : tsvField(String(v))),
    };
  });
}
