import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import type { Column } from '@tanstack/react-table';

/** The shown columns' widths in px by id, and the sticky `left` offset of each column pinned left. */
export interface FitWidths {
  widthOf: (id: string) => number;
  leftOf: (id: string) => number | undefined;
  total: number;
}

/**
 * Fits a fixed-layout table to its scroll box: every column keeps its width and the `grow` column takes the room the
 * box has beyond their sum (never less than its own width, so a narrow window scrolls sideways instead of squeezing).
 * Pinned offsets are computed from these widths, so a pinned column after the grown one still sits right.
 */
export function useFitWidths<T>(
  box: RefObject<HTMLElement | null>,
  columns: readonly Column<T>[],
  pinned: readonly Column<T>[],
  growId: string | undefined,
): FitWidths {
  const [boxWidth, setBoxWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // clientWidth leaves out a vertical scrollbar, so a long table does not scroll sideways by its width. The observer
    // also reports the first size, right after observe().
    const observer = new ResizeObserver(() => setBoxWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);

  const base = columns.reduce((sum, c) => sum + c.getSize(), 0);
  const extra = Math.max(0, boxWidth - base);
  const growShown = columns.some((c) => c.id === growId);
  const widths = new Map(columns.map((c) => [c.id, c.getSize() + (c.id === growId ? extra : 0)]));
  const lefts = new Map<string, number>();
  let left = 0;
  for (const c of pinned) {
    lefts.set(c.id, left);
    left += widths.get(c.id) ?? c.getSize();
  }
  return {
    widthOf: (id) => widths.get(id) ?? 0,
    leftOf: (id) => lefts.get(id),
    total: base + (growShown ? extra : 0),
  };
}
