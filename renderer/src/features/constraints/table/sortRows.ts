import type { SortingState } from '@tanstack/react-table';

/** What a column sorts by: text (case-insensitive, numbers in text by value), a number, or null (no value). */
export type SortValue = string | number | null;

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * `rows` in the order of `sorting` (first key first). Rows without a value come last in either direction (a
 * constraint without cost in the window is not "cheapest"); ties keep the given order, so the sort is stable.
 */
export function sortRows<T>(rows: readonly T[], sorting: SortingState, valueOf: (row: T, columnId: string) => SortValue): T[] {
  if (sorting.length === 0) return [...rows];
  const indexed = rows.map((row, index) => ({ row, index, keys: sorting.map((s) => valueOf(row, s.id)) }));
  indexed.sort((a, b) => {
    for (let i = 0; i < sorting.length; i++) {
      const x = a.keys[i] ?? null;
      const y = b.keys[i] ?? null;
      if (x === null || y === null) {
        if (x === y) continue;
        return x === null ? 1 : -1;
      }
      const c = compareValues(x, y);
      if (c !== 0) return sorting[i]!.desc ? -c : c;
    }
    return a.index - b.index;
  });
  return indexed.map((r) => r.row);
}
