import { useEffect, useState } from 'react';

/** How long typing must pause before the search is sent, in ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Props of {@link SearchBox}: the applied search (from the address) and what to do when typing pauses. */
export interface SearchBoxProps {
  value: string;
  onSearch: (text: string) => void;
  label: string;
  placeholder: string;
}

/** A search field that sends its text {@link SEARCH_DEBOUNCE_MS} after the last keystroke (Escape clears it). */
export function SearchBox({ value, onSearch, label, placeholder }: SearchBoxProps) {
  const [draft, setDraft] = useState({ text: value, applied: value });
  // The address changed elsewhere (Back, a link): show its search.
  if (draft.applied !== value) setDraft({ text: value, applied: value });

  useEffect(() => {
    if (draft.text === draft.applied) return;
    const timer = setTimeout(() => onSearch(draft.text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, onSearch]);

  return (
    <input
      type="search"
      className="search"
      aria-label={label}
      placeholder={placeholder}
      spellCheck={false}
      autoComplete="off"
      value={draft.text}
      data-testid="constraints-search"
      onChange={(e) => setDraft({ ...draft, text: e.target.value })}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && draft.text) {
          e.preventDefault();
          setDraft({ ...draft, text: '' });
        }
      }}
    />
  );
}
