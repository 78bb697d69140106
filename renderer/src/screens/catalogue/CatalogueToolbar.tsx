import { useEffect, useRef } from 'react';
import type { CatalogueFilter } from './filter.js';

/** Props of {@link CatalogueToolbar}; `sources` are upper-case markets, `onArrowDown` hands focus to the table. */
export interface CatalogueToolbarProps {
  filter: CatalogueFilter;
  onChange: (filter: CatalogueFilter) => void;
  sources: string[];
  onArrowDown?: () => void;
}

/** Window event that asks the catalogue search to take focus (the desktop menu's Find…). */
export const FOCUS_SEARCH_EVENT = 'gridscope:focus-search';

function isTypingTarget(t: EventTarget | null): boolean {
  return t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));
}

/** Search box (autofocused; `/` or Ctrl/Cmd+F focus it, Escape clears it) and the market select. */
export function CatalogueToolbar({ filter, onChange, sources, onArrowDown }: CatalogueToolbarProps) {
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const find = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'f';
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTypingTarget(e.target);
      if (!find && !slash) return;
      e.preventDefault();
      searchRef.current?.focus();
      searchRef.current?.select();
    };
    const onFocusSearch = () => {
      searchRef.current?.focus();
      searchRef.current?.select();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener(FOCUS_SEARCH_EVENT, onFocusSearch);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(FOCUS_SEARCH_EVENT, onFocusSearch);
    };
  }, []);

  return (
    <div className="toolbar" role="search">
      <input
        ref={searchRef}
        type="search"
        className="search"
        data-testid="catalogue-search"
        aria-label="Search datasets"
        placeholder="Search name, ID or description   ( / )"
        autoFocus
        spellCheck={false}
        autoComplete="off"
        value={filter.query}
        onChange={(e) => onChange({ ...filter, query: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && filter.query) {
            e.preventDefault();
            onChange({ ...filter, query: '' });
          } else if (e.key === 'ArrowDown' && onArrowDown) {
            e.preventDefault();
            onArrowDown();
          }
        }}
      />
      <label className="inline-label">
        <span>Market</span>
        <select
          data-testid="source-filter"
          value={filter.source}
          onChange={(e) => onChange({ ...filter, source: e.target.value })}
        >
          <option value="">All markets</option>
          {sources.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
