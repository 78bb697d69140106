/**
 * A selection of days (`YYYY-MM-DD`) as file managers do it: a click toggles one day and becomes the anchor; Shift+click
 * selects every selectable day from the anchor to the clicked one (the range is added, nothing is removed).
 */
export interface DaySelection {
  days: ReadonlySet<string>;
  anchor: string | null;
}

/** Nothing selected. */
export const NO_DAYS: DaySelection = { days: new Set(), anchor: null };

/**
 * The selection after a click on `day`; `selectable` holds every day that can be selected (any order). With `shift` and an
 * anchor, the selectable days between the two (both included) are added; otherwise `day` is toggled.
 */
export function clickDay(sel: DaySelection, day: string, selectable: readonly string[], shift: boolean): DaySelection {
  const days = new Set(sel.days);
  if (shift && sel.anchor !== null && sel.anchor !== day) {
    const [from, to] = sel.anchor < day ? [sel.anchor, day] : [day, sel.anchor];
    // ISO dates compare as text, so the range needs no date arithmetic.
    for (const d of selectable) if (d >= from && d <= to) days.add(d);
  } else if (days.has(day)) days.delete(day);
  else days.add(day);
  return { days, anchor: day };
}

/** Selects all of `group` (a month, a year, a dataset), or clears them when all are already selected. */
export function toggleGroup(sel: DaySelection, group: readonly string[]): DaySelection {
  const days = new Set(sel.days);
  const all = group.length > 0 && group.every((d) => days.has(d));
  for (const d of group) {
    if (all) days.delete(d);
    else days.add(d);
  }
  return { days, anchor: sel.anchor };
}

/** Keeps only the selected days that are still in `selectable` (after a refresh removed some). */
export function keepSelectable(sel: DaySelection, selectable: ReadonlySet<string>): DaySelection {
  const days = [...sel.days].filter((d) => selectable.has(d));
  return days.length === sel.days.size ? sel : { days: new Set(days), anchor: sel.anchor };
}
