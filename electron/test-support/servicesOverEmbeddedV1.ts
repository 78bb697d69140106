import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContractResults, Result, Verb } from '../../shared/index.js';
import { createServer } from '../../server/app.js';
import { setLogSink } from '../services/common/logger.js';
import type { ServerFactory } from '../services/embedded/embedded.js';
import { createServices } from '../services/index.js';
import type { Services, ServicesOptions } from '../services/index.js';
import { createFileVault } from '../services/vault/keyVault.js';
import { dispatch } from '../services/verbs/dispatch.js';
import type { CallContext } from '../services/verbs/handlers.js';

/** Test support: the real services over the real embedded /v1 service (server/app.ts, in process), which records URLs. */
export interface ServicesOverEmbeddedV1 {
  services: Services;
  /** The config folder (settings, keys, caches, the location index). */
  dir: string;
  /** Every request the /v1 service received, in order; tests may empty it. */
  seen: URL[];
  /** A verb through `dispatch` (input parsed as from the renderer). */
  call<V extends Verb>(verb: V, input: unknown, ctx?: CallContext): Promise<Result<ContractResults[V]>>;
  /** As {@link call}; @throws with the error's code and message when the verb fails. */
  value<V extends Verb>(verb: V, input: unknown): Promise<ContractResults[V]>;
  close(): Promise<void>;
}

/**
 * Starts {@link ServicesOverEmbeddedV1} in a `gs-<name>-*` temp folder (one attempt per request); logs off until `close`.
 * `dir` reuses a config folder (a restart), which `close` then leaves in place; `options` are passed to the services.
 */
export async function startServicesOverEmbeddedV1(
  name: string,
  opts: { dir?: string; options?: Partial<Omit<ServicesOptions, 'configDir' | 'vault' | 'embedded'>> } = {},
): Promise<ServicesOverEmbeddedV1> {
  setLogSink(() => undefined);
  const dir = opts.dir ?? (await mkdtemp(join(tmpdir(), `gs-${name}-`)));
  const seen: URL[] = [];
  const factory: ServerFactory = async (o) => {
    const app = await createServer(o);
    app.addHook('onRequest', async (req) => void seen.push(new URL(req.url, 'http://v1')));
    return app;
  };
  const services = createServices({
    configDir: dir,
    vault: createFileVault(dir),
    host: 'web',
    versions: {},
    embedded: { factory, cacheDir: join(dir, 'v1-cache'), apiKey: `${name}-test-key-0123456789` },
    retry: { maxAttempts: 1 },
    ...opts.options,
  });
  const call = async <V extends Verb>(verb: V, input: unknown, ctx?: CallContext) =>
    (await dispatch(services.handlers, verb, input, ctx)) as Result<ContractResults[V]>;
  return {
    services,
    dir,
    seen,
    call,
    value: async (verb, input) => {
      const r = await call(verb, input);
      if (!r.ok) throw new Error(`${verb}: ${r.error.code}: ${r.error.message}`);
      return r.value;
    },
    close: async () => {
      await services.dispose();
      if (!opts.dir) await rm(dir, { recursive: true, force: true });
      setLogSink();
    },
  };
}
