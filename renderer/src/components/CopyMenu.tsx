import { useRef, useState } from 'react';

/** One more way to copy, as a button in a {@link CopyMenu}. */
export interface CopyAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
}

/**
 * The `▾` next to a table's Copy button: a drop-down of the other ways to copy (e.g. "Copy with full precision");
 * choosing one closes it. The list opens towards the side with room, so it is never under the navigation.
 */
export function CopyMenu({ actions, testId }: { actions: readonly CopyAction[]; testId?: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [align, setAlign] = useState<'start' | 'end'>('end');
  return (
    <details
      ref={ref}
      className="copy-menu"
      data-align={align}
      data-testid={testId}
      onToggle={() => {
        const el = ref.current;
        if (!el?.open) return;
        // Opened under its ▾ towards the left when the page has room there, else towards the right.
        const list = el.querySelector<HTMLElement>('.copy-menu-list');
        const page = (el.closest('main') ?? document.body).getBoundingClientRect();
        const right = el.getBoundingClientRect().right;
        setAlign(right - (list?.offsetWidth ?? 0) < page.left ? 'start' : 'end');
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && ref.current?.open) {
          ref.current.open = false;
          ref.current.querySelector('summary')?.focus();
        }
      }}
    >
      <summary aria-label="More ways to copy" title="More ways to copy">
        ▾
      </summary>
      <div className="copy-menu-list">
        {actions.map((a) => (
          <button
            key={a.label}
            type="button"
            disabled={a.disabled}
            data-testid={a.testId}
            onClick={() => {
              if (ref.current) ref.current.open = false;
              a.onClick();
            }}
          >
            {a.label}
          </button>
        ))}
      </div>
    </details>
  );
}
