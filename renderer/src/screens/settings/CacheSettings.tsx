import { useMutation } from '@tanstack/react-query';
import type { ProfileName, ProfilesState } from '../../../../shared/bridge/contract.js';
import { describeError } from '../../components/errorText.js';
import { callBridge, toGsError } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { formatCount } from '../../lib/format.js';
import { useProfileMutation } from '../../lib/queries.js';

/** The TTL choices offered, in seconds (0 = cache off). */
export const CACHE_TTLS: { seconds: number; label: string }[] = [
  { seconds: 0, label: 'Off' },
  { seconds: 300, label: '5 min' },
  { seconds: 3600, label: '1 h' },
  { seconds: 86_400, label: '1 day' },
];

function TtlSelect({ profile, label, value }: { profile: ProfileName; label: string; value: number }) {
  const api = useBridge();
  const set = useProfileMutation((ttlSeconds: number) => callBridge(api, 'profiles:setCache', { profile, ttlSeconds }));
  const known = CACHE_TTLS.some((t) => t.seconds === value);
  return (
    <label className="inline-label">
      <span>{label}</span>
      <select
        value={value}
        disabled={set.isPending}
        data-testid={`cache-ttl-${profile}`}
        onChange={(e) => set.mutate(Number(e.target.value))}
      >
        {CACHE_TTLS.map((t) => (
          <option key={t.seconds} value={t.seconds}>
            {t.label}
          </option>
        ))}
        {!known && <option value={value}>{formatCount(value)} s</option>}
      </select>
      {set.isError && <span className="field-error">{describeError(toGsError(set.error)).message}</span>}
    </label>
  );
}

/** Per-profile cache TTL (`profiles:setCache`) and Clear cache (`cache:clear`); docs/desktop.md#the-response-cache. */
export function CacheSettings({ state }: { state: ProfilesState }) {
  const api = useBridge();
  const clear = useMutation({ mutationFn: () => callBridge(api, 'cache:clear', {}) });
  return (
    <section className="card" aria-labelledby="cache-title" data-testid="cache-settings">
      <h2 id="cache-title">Response cache</h2>
      <p className="muted">Keeps answers to identical requests on disk, so repeating a query costs no quota and works offline.</p>
      <div className="toolbar">
        <TtlSelect profile="embedded" label="Embedded" value={state.embedded.cacheTtlSeconds ?? 0} />
        <TtlSelect profile="remote" label="Remote" value={state.remote.cacheTtlSeconds ?? 0} />
        <button type="button" onClick={() => clear.mutate()} disabled={clear.isPending} data-testid="cache-clear">
          Clear cache
        </button>
      </div>
      {clear.isSuccess && (
        <p className="field-ok" role="status" data-testid="cache-cleared">
          Removed {formatCount(clear.data.removed)} cached {clear.data.removed === 1 ? 'response' : 'responses'}.
        </p>
      )}
      {clear.isError && (
        <p className="field-error" role="alert">
          {describeError(toGsError(clear.error)).message}
        </p>
      )}
    </section>
  );
}
