import type { ErrorCode, ProfileName, RemoteHealth, UsageActivity } from '../../../shared/index.js';

/** One request the proxy sends: the profile whose server it goes to, and its path under `/v1`. */
export interface TrafficRequest {
  profile: ProfileName;
  path: string;
}

/** How a request ended, as far as the server's health goes: `status` when it answered, else the failure's `code`. */
export type TrafficEnd = { ok: true } | { ok: false; code: ErrorCode; status?: number; message: string };

/** Told of every request the proxy sends (each retry too) and of its end: a stream ends when its body is closed. */
export interface ProxyObserver {
  started(request: TrafficRequest): void;
  ended(request: TrafficRequest, end: TrafficEnd): void;
}

/** The app's /v1 traffic as the usage meter and the profile badge read it. */
export interface TrafficMonitor extends ProxyObserver {
  /** Counted requests (all but `/api_usage`) ended so far and in flight (docs/desktop.md#usage-meter-and-quota-forecast). */
  activity(): UsageActivity;
  /** How the last answered or unanswered request to `profile`'s server went; undefined before any. */
  health(profile: ProfileName): RemoteHealth | undefined;
  /** Forgets `profile`'s health: its key or server changed. */
  forget(profile: ProfileName): void;
}

/** `GET /api_usage` counts towards no limit (docs/plans.md#what-counts): the meter's own reads are not traffic. */
const UNCOUNTED = new Set(['/api_usage']);

// A request's end in the badge's terms: an answer (any but 401 and 5xx) means reachable with the key accepted; 401 the key
// rejected; no answer at all unreachable. 5xx, cancels and unreadable bodies say nothing new.
function healthOf(end: TrafficEnd): RemoteHealth['state'] | null {
  if (end.ok) return 'ok';
  if (end.code === 'auth' && end.status === 401) return 'rejected';
  if (end.status !== undefined) return end.status >= 500 ? null : 'ok';
  return end.code === 'network' ? 'unreachable' : null;
}

/**
 * Watches the proxy's requests (docs/desktop.md#usage-meter-and-quota-forecast): counts the counted ones for the usage
 * meter, which re-reads `/api_usage` once they settle, and keeps each profile's last outcome for the header badge.
 */
export function createTrafficMonitor(now: () => number = Date.now): TrafficMonitor {
  let ended = 0;
  let inFlight = 0;
  let lastEndedAt: number | null = null;
  const health = new Map<ProfileName, RemoteHealth>();
  return {
    started(request) {
      if (!UNCOUNTED.has(request.path)) inFlight += 1;
    },
    ended(request, end) {
      if (!UNCOUNTED.has(request.path)) {
        inFlight = Math.max(0, inFlight - 1);
        ended += 1;
        lastEndedAt = now();
      }
      const state = healthOf(end);
      if (state) health.set(request.profile, { state, at: now(), ...(end.ok ? {} : { message: end.message }) });
    },
    activity: () => ({ ended, inFlight, lastEndedAt, now: now() }),
    health: (profile) => health.get(profile),
    forget: (profile) => void health.delete(profile),
  };
}
