import { useEffect, useRef } from 'react';
import './noKeyConfirm.css';

/** Props of {@link NoKeyConfirm}: the Remote host, and the three ways out. */
export interface NoKeyConfirmProps {
  host: string;
  onAddKey: () => void;
  onSwitch: () => void;
  onStay: () => void;
}

/**
 * Asked before switching to a Remote profile without an API key: says what will not work until a key is added and
 * offers to add one (the first choice, focused), to switch anyway, or to stay (Escape).
 */
export function NoKeyConfirm({ host, onAddKey, onSwitch, onStay }: NoKeyConfirmProps) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div
      className="warning-box no-key-confirm"
      role="alertdialog"
      aria-labelledby="no-key-title"
      aria-describedby="no-key-text"
      data-testid="remote-no-key-confirm"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onStay();
      }}
    >
      <p id="no-key-title">
        <strong>Remote has no API key yet.</strong>
      </p>
      <p id="no-key-text">
        Without one, {host} answers nothing: the catalogue, queries, constraints, the map and exports stay empty, each saying a
        key is missing. Embedded keeps working meanwhile.
      </p>
      <div className="actions">
        <button type="button" className="primary" ref={first} onClick={onAddKey}>
          Add a key first
        </button>
        <button type="button" onClick={onSwitch}>
          Switch to Remote anyway
        </button>
        <button type="button" onClick={onStay}>
          Stay on Embedded
        </button>
      </div>
    </div>
  );
}
