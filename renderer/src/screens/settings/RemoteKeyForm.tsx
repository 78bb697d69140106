import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiKeyText, isWeakKeyStorage } from '../../../../shared/bridge/contract.js';
import type { ConnectionTest, ProfilesState } from '../../../../shared/bridge/contract.js';
import { describeConnection, describeError } from '../../components/errorText.js';
import { FieldProblem, fieldAria } from '../../components/FieldProblem.js';
import { callBridge, toGsError } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { queryKeys, useProfileMutation } from '../../lib/queries.js';
import { hostOf } from '../../lib/hostOf.js';

/** Props of {@link RemoteKeyForm}: the Remote part of `profiles:get`, with the last key test if one ran. */
export interface RemoteKeyFormProps {
  baseUrl: string;
  keySet: boolean;
  keyOrigin?: string | undefined;
  keyStorage: string;
  connection?: ConnectionTest | undefined;
}

function ConnectionLine({ test, host }: { test: ConnectionTest; host: string }) {
  const text = describeConnection(test, host);
  return (
    <p
      className={text.tone === 'ok' ? 'field-ok' : 'field-error'}
      role={text.tone === 'ok' ? 'status' : 'alert'}
      data-testid="key-test"
      data-state={test.state}
    >
      {text.message}
      {text.detail && <span className="error-detail muted"> Details: {text.detail}</span>}
    </p>
  );
}

/**
 * Write-only Remote API key field (`keys:set` then a test, `keys:clear`, `keys:test`); shows the test's outcome and,
 * with `keyOrigin`, whose server a stored key belongs to. Where the OS has no keyring (`basic_text`) a key is stored only
 * with "Store anyway" ticked (docs/desktop.md#key-storage).
 */
export function RemoteKeyForm({ baseUrl, keySet, keyOrigin, keyStorage, connection }: RemoteKeyFormProps) {
  const api = useBridge();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  // Whether the field holds more than blanks: only this boolean of the key is state, so Save is off while it is empty.
  const [typed, setTyped] = useState(false);
  const weakStorage = isWeakKeyStorage(keyStorage);
  const [storeAnyway, setStoreAnyway] = useState(false);

  // Uncontrolled input read once: the key never becomes React state, a DOM attribute or a mutation variable.
  const save = useProfileMutation(() => {
    const input = inputRef.current;
    const key = input?.value.trim() ?? '';
    if (input) input.value = '';
    setTyped(false);
    return callBridge(api, 'keys:set', {
      profile: 'remote',
      key,
      ...(weakStorage && storeAnyway ? { allowWeakStorage: true } : {}),
    });
  });
  const clear = useProfileMutation(() => callBridge(api, 'keys:clear', { profile: 'remote' }));
  const test = useMutation({
    mutationFn: () => callBridge(api, 'keys:test', { profile: 'remote' }),
    onSuccess: (state: ProfilesState) => queryClient.setQueryData(queryKeys.profiles, state),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ApiKeyText.safeParse(inputRef.current?.value ?? '');
    if (!parsed.success) {
      setClientError(parsed.error.issues[0]?.message ?? 'Paste the API key exactly as it was issued.');
      return;
    }
    setClientError(null);
    clear.reset();
    test.reset();
    save.mutate(undefined);
  };

  const failed = save.isError ? save.error : clear.isError ? clear.error : test.isError ? test.error : null;
  const failedText = failed ? describeError(toGsError(failed)) : null;
  const error = clientError ?? (failedText ? (failedText.field?.text ?? failedText.message) : null);
  const busy = save.isPending || clear.isPending || test.isPending;
  const otherOrigin = !keySet && keyOrigin ? keyOrigin : null;
  const host = hostOf(baseUrl);
  return (
    <form className="field-row" onSubmit={onSubmit} noValidate data-testid="remote-key-form">
      <label htmlFor="remote-key">Remote API key</label>
      <div className="field-controls">
        <input
          id="remote-key"
          ref={inputRef}
          type="password"
          data-testid="remote-key"
          placeholder={keySet ? 'Paste a new key to replace it' : 'Paste your API key'}
          autoComplete="new-password"
          spellCheck={false}
          onChange={(e) => setTyped(e.currentTarget.value.trim() !== '')}
          {...fieldAria('remote-key-error', error)}
        />
        <span className="field-buttons">
          <button type="submit" className="primary" disabled={busy || !typed}>
            Save key
          </button>
          <button type="button" disabled={busy || !keySet} onClick={() => test.mutate()} data-testid="key-test-button">
            Test connection
          </button>
          <button type="button" disabled={busy || (!keySet && !otherOrigin)} onClick={() => clear.mutate(undefined)}>
            Clear key
          </button>
        </span>
      </div>
      <FieldProblem id="remote-key-error" text={error} />
      {weakStorage && (
        <p className="key-status" data-testid="store-anyway">
          <label className="inline-label">
            <input type="checkbox" checked={storeAnyway} onChange={(e) => setStoreAnyway(e.currentTarget.checked)} />
            Store anyway: this session has no keyring (safeStorage backend basic_text), so the key would be protected only by a
            publicly known password.
          </label>
        </p>
      )}
      <p className="key-status" data-testid="key-status">
        <span className={keySet ? (connection && connection.state !== 'accepted' ? 'badge warn' : 'badge ok') : 'badge'}>
          {keySet ? 'Key set' : 'No key set'}
        </span>
        <span className="muted"> Stored in: {keyStorage}. The key is never shown again.</span>
      </p>
      {busy && !clear.isPending && (
        <p className="muted" role="status" data-testid="key-testing">
          {save.isPending ? 'Saving the key and testing it with' : 'Testing the key with'} {host}…
        </p>
      )}
      {!busy && keySet && connection && <ConnectionLine test={connection} host={host} />}
      {otherOrigin && (
        <p className="warning-box" role="status" data-testid="key-other-origin">
          The stored key belongs to {otherOrigin}; it is not sent to this server. Enter the key for this server.
        </p>
      )}
    </form>
  );
}
