import { termOf } from './columns.js';

/**
 * Where a table's columns go and which start hidden (docs/vocabulary.md#times): times first, then the values, then
 * bookkeeping (publish times, ids); of a pair `x_utc` + `x_local` only the one in the table's clock shows.
 */

/** A column as the layout reads it: its raw name and, when known, its storage type. */
export interface LayoutColumn {
  name: string;
  type?: string;
}

/** Display order (raw names) and the columns hidden until the user shows them. */
export interface TableLayout {
  order: string[];
  hidden: string[];
}

/** `interval_start` of `interval_start_utc` or `interval_start_local`; null for other names. */
function pairStem(name: string): string | null {
  const m = /^(.+)_(utc|local)$/.exec(name);
  return m ? m[1]! : null;
}

/**
 * The layout of a table of `columns` shown in market time (`marketTime`) or UTC: of each pair `x_utc` + `x_local` the
 * `_utc` one is hidden in market time and the `_local` one in UTC; time and date columns (not bookkeeping) come first, start
 * before end in the table's order of their stems, the shown one of a pair before its hidden twin; then value and name
 * columns; then bookkeeping columns. Order is otherwise kept.
 */
export function tableLayout(columns: readonly LayoutColumn[], marketTime: boolean): TableLayout {
  const names = new Set(columns.map((c) => c.name));
  const hidden = columns
    .map((c) => c.name)
    .filter((name) => {
      const stem = pairStem(name);
      if (!stem || !names.has(`${stem}_utc`) || !names.has(`${stem}_local`)) return false;
      return name.endsWith(marketTime ? '_utc' : '_local');
    });
  const stems: string[] = [];
  const rank = (c: LayoutColumn): number => {
    const term = termOf(c.name, c.type);
    if (term.bookkeeping) return 2;
    return term.kind === 'time_utc' || term.kind === 'time_local' || term.kind === 'date' ? 0 : 1;
  };
  for (const c of columns) {
    const stem = pairStem(c.name) ?? c.name;
    if (rank(c) === 0 && !stems.includes(stem)) stems.push(stem);
  }
  const key = (c: LayoutColumn, i: number): [number, number, number, number] => {
    const r = rank(c);
    if (r !== 0) return [r, 0, 0, i];
    return [0, stems.indexOf(pairStem(c.name) ?? c.name), hidden.includes(c.name) ? 1 : 0, i];
  };
  const order = columns
    .map((c, i) => ({ name: c.name, key: key(c, i) }))
    .sort((a, b) => {
      for (let k = 0; k < 4; k++) if (a.key[k] !== b.key[k]) return a.key[k]! - b.key[k]!;
      return 0;
    })
    .map((c) => c.name);
  return { order, hidden };
}
