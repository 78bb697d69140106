import { useProfiles } from '../lib/queries.js';
import { hrefs } from '../lib/router.js';
import { hostOf } from '../lib/hostOf.js';

/** Header badge naming the active profile ("Embedded — sample data" / "Remote — <host>"), linking to Settings. */
export function ProfileBadge() {
  const { data } = useProfiles();
  if (!data)
    return (
      <span className="profile-badge muted" data-testid="profile-badge">
        …
      </span>
    );
  const remote = data.active === 'remote';
  const text = remote ? `Remote — ${hostOf(data.remote.baseUrl)}` : 'Embedded — sample data';
  const warn = remote ? !data.remote.keySet : data.embedded.status === 'failed';
  return (
    <a
      href={hrefs.settings}
      className={`profile-badge ${remote ? 'remote' : 'embedded'}${warn ? ' warn' : ''}`}
      data-testid="profile-badge"
      title={warn ? (remote ? 'No API key set for Remote' : 'The embedded service failed to start') : 'Change in Settings'}
    >
      <span className="dot" aria-hidden="true" />
      {text}
    </a>
  );
}
