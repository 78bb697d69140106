import type { AppInfo } from '../../shared/index.js';
import { createEmbeddedServer } from './embedded.js';
import type { EmbeddedServer, ServerFactory } from './embedded.js';
import { createHandlers } from './handlers.js';
import type { Handlers } from './handlers.js';
import type { KeyVault } from './keyVault.js';
import { createLogger } from './logger.js';
import { cacheDirFromEnv } from './paths.js';
import { createProfiles } from './profiles.js';
import type { Profiles } from './profiles.js';
import { TargetUnavailableError, createV1Proxy } from './proxy.js';
import type { ProxyTarget } from './proxy.js';

/**
 * Wires the plain-Node services behind the bridge: profiles + key vault → target resolution →
 * /v1 proxy → handlers. Used by the desktop main process and by the web host alike.
 */

export interface ServicesOptions {
  /** Settings dir: `app.getPath('userData')` on desktop, {@link defaultConfigDir} elsewhere. */
  configDir: string;
  vault: KeyVault;
  host: 'desktop' | 'web';
  /** Versions for `app:info` (node, electron, chrome, …). */
  versions: Record<string, string>;
  /** App version for `app:info` (default `versions.app`, else "0.0.0"). */
  appVersion?: string;
  /** Embedded /v1 server options; tests pass a fake factory. Cache dir defaults to env GRIDSCOPE_CACHE_DIR. */
  embedded?: { factory?: ServerFactory; dataDir?: string; cacheDir?: string; apiKey?: string };
  /** Per-request /v1 timeout in ms (default 30 000). */
  timeoutMs?: number;
}

export interface Services {
  handlers: Handlers;
  profiles: Profiles;
  embedded: EmbeddedServer;
  /** Stops the embedded server and closes pooled connections. Idempotent. */
  dispose(): Promise<void>;
}

const log = createLogger('services');

export function createServices(opts: ServicesOptions): Services {
  const cacheDir = opts.embedded?.cacheDir ?? cacheDirFromEnv();
  const embedded = createEmbeddedServer({ ...opts.embedded, ...(cacheDir ? { cacheDir } : {}) });
  const profiles = createProfiles({ configDir: opts.configDir, vault: opts.vault, embeddedStatus: () => embedded.status() });

  async function resolveTarget(): Promise<ProxyTarget | null> {
    const settings = await profiles.settings();
    if (settings.active === 'embedded') {
      try {
        return { ...(await embedded.ensureStarted()), profile: 'embedded' };
      } catch (err) {
        throw new TargetUnavailableError('network', err instanceof Error ? err.message : String(err));
      }
    }
    const key = await opts.vault.get('remote');
    return key ? { baseUrl: settings.remote.baseUrl, key, profile: 'remote' } : null;
  }

  const proxy = createV1Proxy({ resolveTarget, ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}) });
  const info = (): AppInfo => ({
    name: 'Gridscope',
    version: opts.appVersion ?? opts.versions.app ?? '0.0.0',
    host: opts.host,
    platform: process.platform,
    versions: { ...opts.versions },
  });
  const handlers = createHandlers({ proxy, profiles, vault: opts.vault, embedded, info });

  let disposed: Promise<void> | undefined;
  return {
    handlers,
    profiles,
    embedded,
    dispose() {
      disposed ??= Promise.allSettled([embedded.stop(), proxy.close()]).then((results) => {
        for (const r of results) if (r.status === 'rejected') log.warn('dispose', r.reason);
      });
      return disposed;
    },
  };
}

export { dispatch } from './dispatch.js';
export type { Handlers } from './handlers.js';
export { createFileVault, createSafeStorageVault } from './keyVault.js';
export type { KeyVault, SafeStorageLike } from './keyVault.js';
export { createLogger, setLogSink, setLogLevel } from './logger.js';
export { defaultConfigDir } from './paths.js';
