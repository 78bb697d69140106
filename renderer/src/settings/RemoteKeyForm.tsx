import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { callBridge, toGsError } from '../lib/bridgeQuery.js';
import { useBridge } from '../lib/BridgeContext.js';
import { useProfileMutation } from '../lib/queries.js';

/**
 * Write-only API key field for the Remote profile (`keys:set` / `keys:clear`). The input is
 * uncontrolled so the key never becomes React state, a DOM attribute or mutation variables; it
 * is read once on Save and the field is cleared. Only "Key set" / "No key set" is ever shown, and
 * with `keyOrigin` (a key stored for another server, e.g. after settings.json was edited) which
 * server the stored key belongs to: it is not used here, and Clear deletes it.
 */
export function RemoteKeyForm({ keySet, keyOrigin, keyStorage }: { keySet: boolean; keyOrigin?: string | undefined; keyStorage: string }) {
  const api = useBridge();
  const inputRef = useRef<HTMLInputElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);

  const save = useProfileMutation(() => {
    const input = inputRef.current;
    const key = input?.value.trim() ?? '';
    if (input) input.value = '';
    return callBridge(api, 'keys:set', { profile: 'remote', key });
  });
  const clear = useProfileMutation(() => callBridge(api, 'keys:clear', { profile: 'remote' }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const length = inputRef.current?.value.trim().length ?? 0;
    if (length < 8) {
      setClientError('An API key has at least 8 characters.');
      return;
    }
    setClientError(null);
    clear.reset();
    save.mutate(undefined);
  };

  const failed = save.isError ? save.error : clear.isError ? clear.error : null;
  const error = clientError ?? (failed ? toGsError(failed).message : null);
  const busy = save.isPending || clear.isPending;
  const otherOrigin = !keySet && keyOrigin ? keyOrigin : null;
  return (
    <form className="field-row" onSubmit={onSubmit} noValidate data-testid="remote-key-form">
      <label htmlFor="remote-key">Remote API key</label>
      <div className="field-controls">
        <input
          id="remote-key"
          ref={inputRef}
          type="password"
          data-testid="remote-key"
          placeholder={keySet ? 'Enter a new key to replace the stored one' : 'Paste your API key'}
          autoComplete="new-password"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby="remote-key-status"
        />
        <button type="submit" className="primary" disabled={busy}>
          Save key
        </button>
        <button type="button" disabled={busy || (!keySet && !otherOrigin)} onClick={() => clear.mutate(undefined)}>
          Clear key
        </button>
      </div>
      <p id="remote-key-status" className="key-status" data-testid="key-status">
        <span className={keySet ? 'badge ok' : 'badge'}>{keySet ? 'Key set' : 'No key set'}</span>
        <span className="muted"> Stored in: {keyStorage}. The key is never shown again.</span>
      </p>
      {otherOrigin && (
        <p className="warning-box" role="status" data-testid="key-other-origin">
          The stored key belongs to {otherOrigin}; it is not sent to this server. Enter the key for this server.
        </p>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="remote-key-error">
          {error}
        </p>
      )}
    </form>
  );
}
