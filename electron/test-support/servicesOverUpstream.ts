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
  /** Config folder of this run (settings, file vault, response cache). */
  dir: string;
  /**
   * Makes the Remote profile active, pointed at the upstream's `/v1`, with `key` stored for it.
   * @throws when a bridge call of the switch fails (the test's setup is broken).
   */
  useRemote(key: string): Promise<void>;
  /** Disposes the services, closes the upstream, deletes `dir` and restores the log sink. */
  close(): Promise<void>;
}

/**
 * The real plain-Node services (web-host flavour, file vault in a temp folder) whose embedded
 * profile "starts" by pointing at a local fake upstream (electron/test-support/upstream.ts), so tests
 * drive the bridge verbs end to end against bodies they choose. Logs are silenced until `close`.
 * @param name   short tag for the temp folder and the embedded key (`embedded-<name>-key-01`).
 * @param retry  the proxy's retry options (default: one attempt).
 */
export async function startServicesOverUpstream(name: string, retry: ServicesOptions['retry'] = { maxAttempts: 1 }): Promise<ServicesOverUpstream> {
  setLogSink(() => undefined);
  const dir = await mkdtemp(join(tmpdir(), `gs-${name}-`));
  const up = await startUpstream();
  const services = createServices({
    configDir: dir,
    vault: createFileVault(dir),
    host: 'web',
    versions: {},
    embedded: { factory: async () => ({ listen: async () => up.origin, close: async () => undefined }), apiKey: `embedded-${name}-key-01` },
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
