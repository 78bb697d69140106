import type { V1Proxy } from './proxy.js';

/** The app's /v1 traffic through a watched proxy, for background work that must leave the plan's rate to the user. */
export interface ProxyActivity {
  /** Calls in flight (a stream counts until its headers arrived). */
  inFlight(): number;
  /** Epoch ms the last call started; -Infinity before the first. */
  lastStartedAt(): number;
}

/**
 * `proxy` with every call noted in an {@link ProxyActivity}: the proxy the screens, pulls and downloads use, while
 * background work (the pricing-location index) calls the unwatched one and waits for quiet. Answers are unchanged.
 */
export function watchActivity(proxy: V1Proxy, now: () => number = Date.now): { proxy: V1Proxy; activity: ProxyActivity } {
  let inFlight = 0;
  let lastStartedAt = -Infinity;
  const noted = async <T>(call: () => Promise<T>): Promise<T> => {
    inFlight += 1;
    lastStartedAt = now();
    try {
      return await call();
    } finally {
      inFlight -= 1;
    }
  };
  return {
    proxy: {
      get: (path, query, schema, opts) => noted(() => proxy.get(path, query, schema, opts)),
      getWithMeta: (path, query, schema, opts) => noted(() => proxy.getWithMeta(path, query, schema, opts)),
      open: (path, query, opts) => noted(() => proxy.open(path, query, opts)),
      close: () => proxy.close(),
    },
    activity: { inFlight: () => inFlight, lastStartedAt: () => lastStartedAt },
  };
}
