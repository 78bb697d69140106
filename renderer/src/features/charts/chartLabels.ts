import { formatNumber, labelWithUnit, termOf } from '../../../../shared/vocabulary/index.js';
import { zoneCaption } from '../../../../shared/time/format.js';

/**
 * What the chart's axes, legend and caption say, in the vocabulary's words (docs/vocabulary.md): "Shadow price ($/MWh)",
 * "Interval start (EPT)", "Top 8 of 23 monitored facilities by peak |shadow price|".
 */

/** A charted column as the legend and pickers say it: its label with its unit. */
export const columnLabel = (column: string): string => labelWithUnit(termOf(column));

/** A label inside a sentence: "Shadow price" → "shadow price"; "LMP" and "SPP NSI" stay as they are. */
export const inSentence = (label: string): string =>
  /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;

/** The plural of a label inside a sentence: "Monitored facility" → "monitored facilities", "Location" → "locations". */
export function pluralInSentence(label: string): string {
  const words = inSentence(label);
  if (/[^aeiou]y$/.test(words)) return `${words.slice(0, -1)}ies`;
  return /(s|x|ch|sh)$/.test(words) ? `${words}es` : `${words}s`;
}

/** The y axis title: one column's label and unit; several of one unit share it ("LMP, Loss component ($/MWh)"). */
export function yAxisTitle(columns: readonly string[]): string {
  const terms = columns.map((c) => termOf(c));
  const units = new Set(terms.map((t) => t.unit ?? ''));
  if (terms.length > 1 && units.size === 1) {
    const unit = terms[0]!.unit;
    const labels = terms.map((t) => t.label).join(', ');
    return unit ? `${labels} (${unit})` : labels;
  }
  return terms.map((t) => labelWithUnit(t)).join(', ');
}

/** The x axis title: the time column's label and the clock its ticks are in, "Interval start (EPT)" or "(UTC)". */
export function xAxisTitle(x: string, zone: string): string {
  const label = termOf(x).label.replace(/ \(UTC\)$/, '');
  return `${label} (${zoneCaption(zone)})`;
}

/** What {@link seriesNote} words: how many series are drawn of how many, and whether the user picked them. */
export interface SeriesChoice {
  shown: number;
  total: number;
  /** More values exist than were counted (the value list was cut). */
  truncated: boolean;
  /** The series column (`monitored_facility`) and the column the default ranks by (`shadow_price`). */
  column: string;
  rankBy: string;
  picked: boolean;
}

/**
 * The line above the plot that says which series it draws: "All 7 monitored facilities", "Top 8 of 23 monitored
 * facilities by peak |shadow price|", or "3 of 23 monitored facilities, as picked".
 */
export function seriesNote(c: SeriesChoice): string {
  const what = pluralInSentence(termOf(c.column).label);
  const of = `${formatNumber(c.total, 'count')}${c.truncated ? '+' : ''}`;
  if (c.picked) return `${c.shown} of ${of} ${what}, as picked`;
  if (c.shown >= c.total && !c.truncated) return `All ${of} ${what}`;
  return `Top ${c.shown} of ${of} ${what} by peak |${inSentence(termOf(c.rankBy).label)}|`;
}
