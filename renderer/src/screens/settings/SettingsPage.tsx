import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { useProfiles } from '../../lib/queries.js';
import { AppInfoFooter } from './AppInfoFooter.js';
import { CacheSettings } from './CacheSettings.js';
import { ProfileSwitch } from './ProfileSwitch.js';
import { RemoteKeyForm } from './RemoteKeyForm.js';
import { RemoteUrlForm } from './RemoteUrlForm.js';
import { TimeDisplaySettings } from './TimeDisplaySettings.js';

/** Settings screen (`#/settings`): profile, Remote URL and write-only key, cache, times, app info; never displays a key. */
export function SettingsPage() {
  const profiles = useProfiles();
  const s = profiles.data;
  return (
    <section className="page settings" aria-labelledby="settings-title" data-testid="settings-page">
      <header className="page-header">
        <h1 id="settings-title">Settings</h1>
      </header>
      {profiles.isPending && <Skeleton label="Loading settings…" rows={4} />}
      {profiles.isError && <ErrorState error={profiles.error} what="settings" onRetry={() => void profiles.refetch()} />}
      {s && (
        <>
          <ProfileSwitch state={s} />
          <section className="card" aria-labelledby="remote-title">
            <h2 id="remote-title">Remote profile</h2>
            <p className="muted">Gridscope sends the key to the Remote service itself; this window never holds it.</p>
            <RemoteUrlForm
              key={s.remote.baseUrl}
              baseUrl={s.remote.baseUrl}
              keySet={s.remote.keySet}
              {...(s.remote.keyOrigin ? { keyOrigin: s.remote.keyOrigin } : {})}
            />
            {s.keyStorageWarning && (
              <p className="warning-box" role="alert" data-testid="key-storage-warning">
                {s.keyStorageWarning}
              </p>
            )}
            <RemoteKeyForm
              baseUrl={s.remote.baseUrl}
              keySet={s.remote.keySet}
              keyOrigin={s.remote.keyOrigin}
              keyStorage={s.keyStorage}
              connection={s.remote.connection}
            />
          </section>
          <CacheSettings state={s} />
          <TimeDisplaySettings />
        </>
      )}
      <AppInfoFooter />
    </section>
  );
}
