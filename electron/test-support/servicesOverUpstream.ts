import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from '../../shared/index.js';
import { dispatch } from '../services/verbs/dispatch.js';
import { createServices } from '../services/index.js';
import type { Services, ServicesOptions } from '../services/index.js';
import { createFileVault } from '../services/vault/keyVault.js';
import { setLogSink } from '../services/common/logger.js';
import type { Clock } from '../services/v1/retry.js';
import { fakeV1Factory, startUpstream } from './upstream.js';
import type { Upstream } from './upstream.js';

/** The real services in a temp folder and how to stop them (services disposed, folder removed, logs back on). */
export interface ServicesInTempDir {
  services: Services;
  dir: string;
  close(): Promise<void>;
}

/** What {@link startServicesOverUpstream} starts: the real services, their fake /v1 upstream, and how to stop both. */
export interface ServicesOverUpstream extends ServicesInTempDir {
  up: Upstream;
  /** Makes Remote active, pointed at the upstream's `/v1` with `key`. @throws when a bridge call of the switch fails. */
  useRemote(key: string): Promise<void>;
}

// Web-host flavour with a file vault in `gs-<name>-*`; logs are silenced until `close`.
async function startServicesInTempDir(
  name: string,
  options: Omit<ServicesOptions, 'configDir' | 'vault' | 'host' | 'versions'>,
): Promise<ServicesInTempDir> {
  setLogSink(() => undefined);
  const dir = await mkdtemp(join(tmpdir(), `gs-${name}-`));
  const services = createServices({ configDir: dir, vault: createFileVault(dir), host: 'web', versions: {}, ...options });
  return {
    services,
    dir,
    close: async () => {
      await services.dispose();
      await rm(dir, { recursive: true, force: true });
      setLogSink();
    },
  };
}

/**
 * The real services (web-host flavour, file vault in a temp folder) whose embedded profile is {@link fakeV1Factory}'s /v1:
 * the fixture dataset, its audit and usage behind a key check. Logs are silenced until `close`; `clock` paces retries.
 */
export function startServicesOverFakeV1(name: string, clock?: Clock): Promise<ServicesInTempDir> {
  return startServicesInTempDir(name, { embedded: { factory: fakeV1Factory() }, ...(clock ? { clock } : {}) });
}

/**
 * The real services (web-host flavour, file vault in a temp folder) whose embedded profile is a fake upstream (`up`, or a
 * new one), so tests drive the verbs against bodies they choose. Logs are silenced until `close`, which closes the
 * upstream too; `retry` defaults to one attempt.
 */
export async function startServicesOverUpstream(
  name: string,
  retry: ServicesOptions['retry'] = { maxAttempts: 1 },
  upstream?: Upstream,
): Promise<ServicesOverUpstream> {
  const up = upstream ?? (await startUpstream());
  const started = await startServicesInTempDir(name, {
    embedded: {
      factory: async () => ({ listen: async () => up.origin, close: async () => undefined }),
      apiKey: `embedded-${name}-key-01`,
    },
    ...(retry ? { retry } : {}),
  });
  const must = async (verb: string, input: unknown) => {
    const r = (await dispatch(started.services.handlers, verb, input)) as Result<unknown>;
    if (!r.ok) throw new Error(`${verb}: ${r.error.code}: ${r.error.message}`);
  };
  return {
    ...started,
    up,
    useRemote: async (key) => {
      await must('profiles:setActive', { profile: 'remote' });
      await must('profiles:setRemoteUrl', { baseUrl: `${up.origin}/v1` });
      await must('keys:set', { profile: 'remote', key });
    },
    close: async () => {
      await started.close();
      await up.close();
    },
  };
}
