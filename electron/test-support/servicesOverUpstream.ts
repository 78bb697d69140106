import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from '../../shared/index.js';
import { dispatch } from '../services/verbs/dispatch.js';
import { createServices } from '../services/index.js';
import type { Services, ServicesOptions } from '../services/index.js';
import { createFileVault } from '../services/vault/keyVault.js';
import { setLogSink } from '../services/common/logger.js';
import { startUpstream } from './upstream.js';
import type { Upstream } from './upstream.js';

/** What {@link startServicesOverUpstream} starts: the real services, their fake /v1 upstream, and how to stop both. */
export interface ServicesOverUpstream {
  services: Services;
  up: Upstream;
  dir: string;
  /** Makes Remote active, pointed at the upstream's `/v1` with `key`. @throws when a bridge call of the switch fails. */
  useRemote(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real services (web-host flavour, file vault in a temp folder) whose embedded profile is a fake upstream, so tests drive
 * the verbs against bodies they choose. Logs are silenced until `close`; `retry` defaults to one attempt.
 */
export async function startServicesOverUpstream(
  name: string,
  retry: ServicesOptions['retry'] = { maxAttempts: 1 },
): Promise<ServicesOverUpstream> {
  setLogSink(() => undefined);
  const dir = await mkdtemp(join(tmpdir(), `gs-${name}-`));
  const up = await startUpstream();
  const services = createServices({
    configDir: dir,
    vault: createFileVault(dir),
    host: 'web',
    versions: {},
    embedded: {
      factory: async () => ({ listen: async () => up.origin, close: async () => undefined }),
      apiKey: `embedded-${name}-key-01`,
    },
    ...(retry ? { retry } : {}),
  });
  const must = async (verb: string, input: unknown) => {
    const r = (await dispatch(services.handlers, verb, input)) as Result<unknown>;
    if (!r.ok) throw new Error(`${verb}: ${r.error.code}: ${r.error.message}`);
  };
  return {
    services,
    up,
    dir,
    useRemote: async (key) => {
      await must('profiles:setActive', { profile: 'remote' });
      await must('profiles:setRemoteUrl', { baseUrl: `${up.origin}/v1` });
      await must('keys:set', { profile: 'remote', key });
    },
    close: async () => {
      await services.dispose();
      await up.close();
      await rm(dir, { recursive: true, force: true });
      setLogSink();
    },
  };
}
