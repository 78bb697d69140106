import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { rangeOf } from './selection.js';
import type { CellPos, CellSelection } from './selection.js';

const cellAt = (target: EventTarget): CellPos | null => {
  const td = (target as Element).closest?.('td[data-col]');
  if (!(td instanceof HTMLElement)) return null;
  return { row: Number(td.dataset.row), col: Number(td.dataset.col) };
};

/**
 * The selected cells of a table of `rows` × `columns` (cells carry `data-row` and `data-col`): click, Shift-click and
 * drag select a rectangle; Ctrl/⌘+C hands it to `copy`, Ctrl/⌘+A selects every cell, Escape clears.
 */
export function useCellSelection(rows: number, columns: number, copy: (selection: CellSelection) => void) {
  const [selection, setSelection] = useState<CellSelection | null>(null);
  const dragging = useRef(false);
  useEffect(() => {
    const up = () => (dragging.current = false);
    window.addEventListener('mouseup', up);
    return () => window.removeEventListener('mouseup', up);
  }, []);

  const onMouseDown = (e: MouseEvent) => {
    const pos = e.button === 0 ? cellAt(e.target) : null;
    if (!pos) return;
    dragging.current = true;
    setSelection((s) => (e.shiftKey && s ? { anchor: s.anchor, focus: pos } : { anchor: pos, focus: pos }));
  };
  const onMouseOver = (e: MouseEvent) => {
    if (!dragging.current) return;
    const pos = cellAt(e.target);
    if (pos) setSelection((s) => (s && (s.focus.row !== pos.row || s.focus.col !== pos.col) ? { ...s, focus: pos } : s));
  };
  const onKeyDown = (e: KeyboardEvent): boolean => {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key.toLowerCase() === 'c' && selection) {
      e.preventDefault();
      copy(selection);
    } else if (mod && e.key.toLowerCase() === 'a' && rows > 0) {
      e.preventDefault();
      setSelection({ anchor: { row: 0, col: 0 }, focus: { row: rows - 1, col: columns - 1 } });
    } else if (e.key === 'Escape') setSelection(null);
    else return false;
    return true;
  };

  return {
    selection,
    selected: selection ? rangeOf(selection) : null,
    clear: () => setSelection(null),
    /** Selects every cell of row `row` (a row gone to). */
    selectRow: (row: number) => setSelection({ anchor: { row, col: 0 }, focus: { row, col: Math.max(0, columns - 1) } }),
    onMouseDown,
    onMouseOver,
    onKeyDown,
  };
}
