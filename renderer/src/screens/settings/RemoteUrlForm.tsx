import { useState } from 'react';
import type { FormEvent } from 'react';
import { RemoteBaseUrl } from '../../../../shared/bridge/contract.js';
import { originOf } from '../../../../shared/url.js';
import { describeError } from '../../components/errorText.js';
import { callBridge, toGsError } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { useProfileMutation } from '../../lib/queries.js';

/**
 * Remote base URL field (`profiles:setRemoteUrl`), checked with the contract's schema first; warns before saving a URL
 * on another origin than the key's, which deletes the key (docs/desktop.md#key-storage). Remount (key) on change.
 */
export function RemoteUrlForm({ baseUrl, keySet, keyOrigin }: { baseUrl: string; keySet: boolean; keyOrigin?: string }) {
  const api = useBridge();
  const [value, setValue] = useState(baseUrl);
  const [clientError, setClientError] = useState<string | null>(null);
  const save = useProfileMutation((url: string) => callBridge(api, 'profiles:setRemoteUrl', { baseUrl: url }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = RemoteBaseUrl.safeParse(value.trim());
    if (!parsed.success) {
      setClientError(parsed.error.issues[0]?.message ?? 'Invalid URL');
      return;
    }
    setClientError(null);
    save.mutate(parsed.data);
  };

  const failed = save.isError ? describeError(toGsError(save.error)) : null;
  const error = clientError ?? (failed ? (failed.field?.text ?? failed.message) : null);
  const target = originOf(value.trim());
  const keysOrigin = keyOrigin ?? (keySet ? originOf(baseUrl) : null);
  const dropsKey = keysOrigin !== null && target !== null && target !== keysOrigin;
  return (
    <form className="field-row" onSubmit={onSubmit} noValidate data-testid="remote-url-form">
      <label htmlFor="remote-url">Remote base URL</label>
      <div className="field-controls">
        <input
          id="remote-url"
          type="url"
          className="mono"
          data-testid="remote-url"
          value={value}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'remote-url-error' : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" disabled={save.isPending || value.trim() === '' || value.trim() === baseUrl}>
          Save URL
        </button>
      </div>
      {error && (
        <p id="remote-url-error" className="field-error" role="alert" data-testid="remote-url-error">
          {error}
        </p>
      )}
      {dropsKey && (
        <p className="muted" data-testid="remote-url-drops-key">
          Another host: saving deletes the stored API key, and you enter the key for {target} again.
        </p>
      )}
      {save.isSuccess && !error && (
        <p className="field-ok" role="status">
          Saved.
        </p>
      )}
    </form>
  );
}
