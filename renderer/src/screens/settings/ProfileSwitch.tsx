import { useState } from 'react';
import type { ProfileName, ProfilesState } from '../../../../shared/bridge/contract.js';
import { describeError } from '../../components/errorText.js';
import { callBridge, toGsError } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { useProfileMutation } from '../../lib/queries.js';
import { hostOf } from '../../lib/hostOf.js';
import { NoKeyConfirm } from './NoKeyConfirm.js';

const STATUS_TEXT = { starting: 'starting…', running: 'running', failed: 'failed' } as const;

/**
 * Embedded / Remote radio group (`profiles:setActive`); switching resets every dataset query. Remote without a key asks
 * first (docs/desktop.md#the-profile-badge): what will not work, and the way to add a key.
 */
export function ProfileSwitch({ state }: { state: ProfilesState }) {
  const api = useBridge();
  const [chosen, setChosen] = useState<ProfileName | null>(null);
  const [asking, setAsking] = useState(false);
  const setActive = useProfileMutation((profile: ProfileName) => callBridge(api, 'profiles:setActive', { profile }));
  const switchTo = (profile: ProfileName) => {
    setAsking(false);
    setChosen(profile);
    setActive.mutate(profile, { onSettled: () => setChosen(null) });
  };
  const choose = (profile: ProfileName) => {
    if (profile === state.active) return;
    if (profile === 'remote' && !state.remote.keySet) setAsking(true);
    else switchTo(profile);
  };
  const shown = chosen ?? state.active;
  return (
    <fieldset className="card profile-switch" data-testid="profile-switch" disabled={setActive.isPending}>
      <legend>Data source</legend>
      <label className="radio">
        <input type="radio" name="profile" value="embedded" checked={shown === 'embedded'} onChange={() => choose('embedded')} />
        <span>
          <strong>Embedded</strong> — sample data served by Gridscope itself
          <span className="muted"> (service {STATUS_TEXT[state.embedded.status]})</span>
          {state.embedded.message && (
            <span className={state.embedded.status === 'failed' ? 'hint' : 'hint muted'}>{state.embedded.message}</span>
          )}
        </span>
      </label>
      <label className="radio">
        <input type="radio" name="profile" value="remote" checked={shown === 'remote'} onChange={() => choose('remote')} />
        <span>
          <strong>Remote</strong> — a hosted /v1 API at <code>{hostOf(state.remote.baseUrl)}</code>
          {!state.remote.keySet && <span className="hint">Set an API key below before using Remote.</span>}
        </span>
      </label>
      {asking && (
        <NoKeyConfirm
          host={hostOf(state.remote.baseUrl)}
          onSwitch={() => switchTo('remote')}
          onStay={() => setAsking(false)}
          onAddKey={() => {
            setAsking(false);
            const field = document.getElementById('remote-key');
            field?.scrollIntoView({ block: 'center' });
            field?.focus();
          }}
        />
      )}
      {setActive.isError && (
        <p className="field-error" role="alert">
          {describeError(toGsError(setActive.error)).message}
        </p>
      )}
    </fieldset>
  );
}
