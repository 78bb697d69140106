import { useEffect } from 'react';
import type { RefObject } from 'react';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { BLOCK_ROWS } from './useRowBlocks.js';

/** Height of a row, px (fixed: a million rows cannot each be measured). */
export const ROW_HEIGHT = 28;
/** How long the view must rest after a jump before its rows are read, in ms. */
export const SETTLE_MS = 80;
// Rows to lay out while the scroll area has no height yet (not laid out, or a DOM without layout).
const UNMEASURED_HEIGHT = 20 * ROW_HEIGHT;

/** Rows `[start, end)` of the view whose blocks are read. */
export interface RowRange {
  start: number;
  end: number;
}

/** The first range read, before the scroll area is measured: one block. */
export const FIRST_RANGE: RowRange = { start: 0, end: BLOCK_ROWS };

/**
 * The rows of `total` the scroll area shows (plus overscan), each {@link ROW_HEIGHT} px, and the spacer heights above
 * and below them. Moves `range` (the rows read) with the view: a scroll within reach of the rows read asks for the next
 * rows at once, a jump far away waits until the view rests for {@link SETTLE_MS}. A new `viewKey` (sort or filters)
 * scrolls back to the top.
 */
export function useVirtualRows(
  scrollRef: RefObject<HTMLDivElement | null>,
  total: number,
  range: RowRange,
  setRange: (range: RowRange) => void,
  viewKey: string,
) {
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { ...rect, height: UNMEASURED_HEIGHT })),
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = (items.at(-1)?.index ?? 0) + 1;
  // The blocks passed on the way of a fling or a dragged scroll bar are never read.
  useEffect(() => {
    if (range.start === first && range.end === last) return;
    const next = { start: first, end: Math.max(last, first + 1) };
    const reach = Math.max(BLOCK_ROWS, last - first);
    if (first < range.end + reach && last > range.start - reach) {
      setRange(next);
      return;
    }
    const timer = setTimeout(() => setRange(next), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [first, last, range, setRange]);
  useEffect(() => {
    scrollRef.current?.scrollTo?.({ top: 0 });
  }, [viewKey, scrollRef]);
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - items.at(-1)!.end : 0;
  return { items, padTop, padBottom };
}
