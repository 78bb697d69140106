import { useState } from 'react';

/** Props of {@link ConfirmButton}: the button's text, the question asked, and what Yes does. */
export interface ConfirmButtonProps {
  label: string;
  question: string;
  yes: string;
  onConfirm: () => void;
  disabled?: boolean;
  busy?: boolean;
  testId?: string;
}

/** A button that asks once more in place (question, Yes / No), so a slip of the mouse cancels or deletes nothing. */
export function ConfirmButton({ label, question, yes, onConfirm, disabled = false, busy = false, testId }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" onClick={() => setAsking(true)} disabled={disabled || busy} data-testid={testId}>
        {label}
      </button>
    );
  return (
    <span className="confirm-delete" role="group" aria-label={question}>
      <span>{question}</span>
      <button
        type="button"
        className="danger"
        autoFocus
        disabled={busy}
        onClick={() => {
          onConfirm();
          setAsking(false);
        }}
        data-testid={testId ? `${testId}-yes` : undefined}
      >
        {yes}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        No
      </button>
    </span>
  );
}
