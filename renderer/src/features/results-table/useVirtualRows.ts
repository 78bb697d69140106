import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, RefObject } from 'react';
import { BLOCK_ROWS } from './useRowBlocks.js';
import { isScaled, maxTop, rowAtTop, scrollTopFor, topAt, topForRow, windowAt } from './scrollMap.js';
import type { ScrollGeometry } from './scrollMap.js';

/** Height of a row, px (fixed: a million rows cannot each be measured). */
export const ROW_HEIGHT = 28;
/** How long the view must rest after a jump before its rows are read, in ms. */
export const SETTLE_MS = 80;
/** Rows laid out beyond each edge of the viewport. */
const OVERSCAN = 12;
// Rows to lay out while the scroll area has no height yet (not laid out, or a DOM without layout).
const UNMEASURED_HEIGHT = 20 * ROW_HEIGHT;

/** Rows `[start, end)` of the view whose blocks are read. */
export interface RowRange {
  start: number;
  end: number;
}

/** The first range read, before the scroll area is measured: one block. */
export const FIRST_RANGE: RowRange = { start: 0, end: BLOCK_ROWS };

/** Where the view is: the rows' offset and the scroll area's offset, px (docs/workspace.md#every-row-reachable). */
interface Position {
  top: number;
  scrollTop: number;
}

/** The viewport's height below the sticky header, px. */
function measure(el: HTMLElement): number {
  const header = el.querySelector('thead')?.getBoundingClientRect().height ?? 0;
  const height = el.clientHeight - header;
  return height > 0 ? height : UNMEASURED_HEIGHT;
}

/**
 * The rows of `total` the scroll area lays out (the viewport plus overscan, each {@link ROW_HEIGHT} px) and the spacer
 * heights around them, on a scroll area scaled under the browser's height cap (scrollMap.ts). A scroll bar drag or a
 * jump maps the scroll offset to a row; the wheel and the keys (arrows, Page Up/Down, Home/End, Ctrl+Home/End) move the
 * rows themselves, so they move row by row at any size. `goTo` puts a row at the top. Moves `range` (the rows read) with
 * the view: a scroll within reach of the rows read asks for the next rows at once, a jump far away waits until the
 * view rests for {@link SETTLE_MS}. A new `viewKey` (sort or filters) goes back to the top.
 */
export function useVirtualRows(
  scrollRef: RefObject<HTMLDivElement | null>,
  total: number,
  range: RowRange,
  setRange: (range: RowRange) => void,
  viewKey: string,
) {
  const [viewport, setViewport] = useState(UNMEASURED_HEIGHT);
  const [pos, setPos] = useState<Position>({ top: 0, scrollTop: 0 });
  const geometry: ScrollGeometry = { rows: total, rowHeight: ROW_HEIGHT, viewport };
  // What the listeners read between renders: the geometry and the rows' offset, updated before any other effect.
  const g = useRef(geometry);
  const topRef = useRef(0);
  useLayoutEffect(() => {
    g.current = geometry;
    topRef.current = pos.top;
  });
  // The scroll offset this hook set last: its scroll event keeps the rows' offset rather than mapping it again.
  const setByUs = useRef<number | null>(null);

  const moveTo = useCallback(
    (top: number) => {
      const el = scrollRef.current;
      const at = Math.max(0, Math.min(top, maxTop(g.current)));
      const wanted = scrollTopFor(at, g.current);
      let scrollTop = wanted;
      if (el) {
        el.scrollTop = wanted;
        scrollTop = el.scrollTop;
        setByUs.current = scrollTop;
      }
      topRef.current = at;
      setPos({ top: at, scrollTop });
    },
    [scrollRef],
  );

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const onScroll = () => {
      const scrollTop = el.scrollTop;
      const ours = setByUs.current === scrollTop;
      setByUs.current = null;
      if (!ours) topRef.current = topAt(scrollTop, g.current);
      setPos({ top: topRef.current, scrollTop });
    };
    // Scaled, a wheel step through the mapping would skip rows: the wheel moves the rows by its own distance.
    const onWheel = (e: WheelEvent) => {
      if (e.ctrlKey || !isScaled(g.current) || e.deltaY === 0) return;
      e.preventDefault();
      const unit = e.deltaMode === 1 ? ROW_HEIGHT : e.deltaMode === 2 ? g.current.viewport : 1;
      if (e.deltaX) el.scrollLeft += e.deltaX * unit;
      moveTo(topRef.current + e.deltaY * unit);
    };
    const resize = () => setViewport(measure(el));
    resize();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(el);
    el.addEventListener('scroll', onScroll, { passive: true });
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      observer?.disconnect();
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('wheel', onWheel);
    };
  }, [scrollRef, moveTo]);

  // A new row count or viewport changes the mapping: keep the rows in view where they were.
  useLayoutEffect(() => {
    if (isScaled(g.current) || topRef.current > 0) moveTo(topRef.current);
  }, [total, viewport, moveTo]);
  useEffect(() => {
    moveTo(0);
  }, [viewKey, moveTo]);

  const win = windowAt(pos.top, pos.scrollTop, geometry, OVERSCAN);
  const first = win.first;
  const last = win.end;
  // The blocks passed on the way of a fling or a dragged scroll bar are never read.
  useEffect(() => {
    const next = { start: first, end: Math.max(last, first + 1) };
    if (range.start === next.start && range.end === next.end) return;
    const reach = Math.max(BLOCK_ROWS, last - first);
    if (first < range.end + reach && last > range.start - reach) {
      setRange(next);
      return;
    }
    const timer = setTimeout(() => setRange(next), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [first, last, range, setRange]);

  const page = Math.max(1, Math.floor(viewport / ROW_HEIGHT) - 1);
  /** Handles the navigation keys; @returns true when `e` was one (and is handled). */
  const onKeyDown = (e: KeyboardEvent): boolean => {
    const mod = e.ctrlKey || e.metaKey;
    const top = pos.top;
    const step: Record<string, number | undefined> = {
      ArrowDown: ROW_HEIGHT,
      ArrowUp: -ROW_HEIGHT,
      PageDown: page * ROW_HEIGHT,
      PageUp: -page * ROW_HEIGHT,
      Home: -Infinity,
      End: Infinity,
    };
    const by = e.altKey || (mod && !e.key.startsWith('Home') && !e.key.startsWith('End')) ? undefined : step[e.key];
    if (by === undefined) return false;
    e.preventDefault();
    moveTo(Number.isFinite(by) ? top + by : by < 0 ? 0 : topForRow(total, geometry));
    return true;
  };

  return {
    first,
    end: last,
    padTop: win.padTop,
    padBottom: win.padBottom,
    /** The first row (0-based) in view. */
    topRow: rowAtTop(pos.top, geometry),
    /** Puts row `index` (0-based) at the viewport's top (the last rows fill the viewport). */
    goTo: (index: number) => moveTo(topForRow(index, geometry)),
    onKeyDown,
  };
}
