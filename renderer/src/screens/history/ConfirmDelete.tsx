import { useState } from 'react';

/** A Delete button that asks once more in place ("Delete?" Yes / No), so a slip of the mouse deletes nothing. */
export function ConfirmDelete({ label, onDelete, busy }: { label: string; onDelete: () => void; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" onClick={() => setAsking(true)} aria-label={label}>
        Delete
      </button>
    );
  return (
    <span className="confirm-delete">
      <span>Delete?</span>
      <button type="button" className="danger" onClick={onDelete} disabled={busy} data-testid="confirm-delete">
        Yes, delete
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        No
      </button>
    </span>
  );
}
