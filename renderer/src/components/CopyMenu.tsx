import { useRef } from 'react';

/** One more way to copy, as a button in a {@link CopyMenu}. */
export interface CopyAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
}

/**
 * The `▾` next to a table's Copy button: a drop-down of the other ways to copy (e.g. "Copy with full precision");
 * choosing one closes it.
 */
export function CopyMenu({ actions, testId }: { actions: readonly CopyAction[]; testId?: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  return (
    <details
      ref={ref}
      className="copy-menu"
      data-testid={testId}
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
