import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProfilesState } from '../../../shared/bridge/contract.js';
import { queryKeys, useProfiles } from '../lib/queries.js';
import { hrefs } from '../lib/router.js';
import { hostOf } from '../lib/hostOf.js';
import './profileBadge.css';

/** What the badge says: `state` picks its icon (a shape, never colour alone), `text` is shown, `title` explains. */
export interface BadgeText {
  state: 'ok' | 'unknown' | 'rejected' | 'unreachable' | 'no-key' | 'failed';
  text: string;
  title: string;
}

/**
 * The active profile in words (docs/desktop.md#the-profile-badge): Embedded and its service; Remote, its host and how its
 * last request went — no key, key rejected (401), unreachable (no answer), or answered.
 */
export function badgeOf(s: ProfilesState): BadgeText {
  if (s.active === 'embedded')
    return s.embedded.status === 'failed'
      ? { state: 'failed', text: 'Embedded — sample data · not running', title: 'The embedded data service failed to start' }
      : { state: 'ok', text: 'Embedded — sample data', title: 'Change in Settings' };
  const host = `Remote — ${hostOf(s.remote.baseUrl)}`;
  if (!s.remote.keySet)
    return { state: 'no-key', text: `${host} · no key`, title: 'No API key set for Remote: add one in Settings' };
  const health = s.remote.health;
  if (health?.state === 'rejected')
    return {
      state: 'rejected',
      text: `${host} · key rejected`,
      title: 'The server rejected the API key (401): check it in Settings',
    };
  if (health?.state === 'unreachable')
    return { state: 'unreachable', text: `${host} · unreachable`, title: health.message ?? 'The server did not answer' };
  if (health?.state === 'ok') return { state: 'ok', text: host, title: 'The server answered and accepted the key' };
  return { state: 'unknown', text: host, title: 'Change in Settings' };
}

/** How long after data calls end the badge asks main again how the Remote server answered, in ms. */
const HEALTH_REFRESH_MS = 300;

/** Header badge naming the active profile and, for Remote, its state; a link to Settings. */
export function ProfileBadge() {
  const { data } = useProfiles();
  const queryClient = useQueryClient();
  const remote = data?.active === 'remote';
  // A data call that just ended may have changed how the Remote server answers: ask main again, once they settle.
  useEffect(() => {
    if (!remote) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = queryClient.getQueryCache().subscribe((e) => {
      if (e.type !== 'updated' || e.query.queryKey[0] !== queryKeys.datasets[0]) return;
      if (e.action.type !== 'success' && e.action.type !== 'error') return;
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.profiles }), HEALTH_REFRESH_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [remote, queryClient]);
  if (!data)
    return (
      <span className="profile-badge muted" data-testid="profile-badge">
        …
      </span>
    );
  const badge = badgeOf(data);
  return (
    <a
      href={hrefs.settings}
      className={`profile-badge ${remote ? 'remote' : 'embedded'}`}
      data-testid="profile-badge"
      data-state={badge.state}
      title={badge.title}
    >
      <span className="badge-icon" aria-hidden="true" />
      {badge.text}
    </a>
  );
}
