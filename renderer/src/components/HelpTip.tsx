import { useId, useRef, useState } from 'react';
import type { CSSProperties } from 'react';

const WIDTH = 320;

/**
 * A `?` button by a header or a label that shows `text` in a tooltip on hover, focus or press (Escape hides it). The
 * tooltip is the button's description (`aria-describedby`), so a screen reader reads it with the button; it is placed
 * fixed, so a table's scroll box does not clip it.
 */
export function HelpTip({ text, about, testId }: { text: string; about: string; testId?: string }) {
  const id = useId();
  const ref = useRef<HTMLButtonElement>(null);
  const [at, setAt] = useState<CSSProperties | null>(null);
  const show = () => {
    const r = ref.current?.getBoundingClientRect();
    if (!r) return;
    setAt({ top: r.bottom + 6, left: Math.max(8, Math.min(r.left - WIDTH / 2, window.innerWidth - WIDTH - 8)), width: WIDTH });
  };
  const hide = () => setAt(null);
  return (
    <>
      <button
        ref={ref}
        type="button"
        className="help-tip"
        aria-label={`What is ${about}?`}
        aria-describedby={id}
        aria-expanded={at !== null}
        data-testid={testId}
        onClick={(e) => {
          e.stopPropagation();
          show();
        }}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && at) {
            e.stopPropagation();
            hide();
          }
        }}
      >
        ?
      </button>
      <span id={id} role="tooltip" className="help-tip-text" hidden={at === null} style={at ?? undefined}>
        {text}
      </span>
    </>
  );
}
