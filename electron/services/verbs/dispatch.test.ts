import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VERBS, fail, ok } from '../../../shared/index.js';
import { dispatch, handlerVerbs } from './dispatch.js';
import type { Handlers } from './handlers.js';
import { createServices } from '../index.js';
import type { Services } from '../index.js';
import { createFileVault } from '../vault/keyVault.js';
import { setLogSink } from '../common/logger.js';

let dir: string;
let services: Services;
const logs: string[] = [];

/** Handlers whose every verb is a spy answering ok(verb). */
function spyHandlers(): Handlers {
  return Object.fromEntries(VERBS.map((v) => [v, vi.fn(async () => ok(v))])) as unknown as Handlers;
}

beforeAll(async () => {
  setLogSink((_l, line) => void logs.push(line));
  dir = await mkdtemp(join(tmpdir(), 'gs-dispatch-'));
  services = createServices({
    configDir: dir,
    vault: createFileVault(dir),
    host: 'web',
    versions: { node: process.versions.node },
  });
});
afterAll(async () => {
  await services.dispose();
  await rm(dir, { recursive: true, force: true });
  setLogSink();
});

describe('dispatch', () => {
  it('the real handler set equals the contract verbs', () => {
    expect(handlerVerbs(services.handlers).sort()).toEqual([...VERBS].sort());
    expect(Object.keys(services.handlers).sort()).toEqual([...VERBS].sort());
  });

  it.each(['nope', 'constructor', '__proto__', 'toString', 'datasets:list '])('rejects the unknown verb %j', async (verb) => {
    const r = await dispatch(spyHandlers(), verb, {});
    expect(r).toMatchObject({ ok: false, error: { code: 'validation' } });
  });

  it('rejects an extra field or a wrong type without calling the handler', async () => {
    const h = spyHandlers();
    const extra = await dispatch(h, 'datasets:list', { url: 'http://evil' });
    expect(extra).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(!extra.ok && extra.error.message).toMatch(/datasets:list.*url/);
    const wrong = await dispatch(h, 'datasets:get', { datasetId: 42 });
    expect(!wrong.ok && wrong.error.message).toMatch(/datasetId/);
    const pattern = await dispatch(h, 'datasets:get', { datasetId: '../etc/passwd' });
    expect(pattern).toMatchObject({ ok: false, error: { code: 'validation' } });
    const notObject = await dispatch(h, 'profiles:setActive', 'remote');
    expect(notObject).toMatchObject({ ok: false, error: { code: 'validation' } });
    for (const v of VERBS) expect(h[v]).not.toHaveBeenCalled();
  });

  it('lists every problem', async () => {
    const r = await dispatch(spyHandlers(), 'keys:set', { profile: 'embedded', key: '', extra: 1 });
    expect(!r.ok && r.error.message).toMatch(/profile.*;.*key.*;.*extra/s);
  });

  it('passes parsed input (undefined → {}) and returns the handler result', async () => {
    const h = spyHandlers();
    expect(await dispatch(h, 'app:info', undefined)).toEqual(ok('app:info'));
    expect(h['app:info']).toHaveBeenCalledWith({});
    const ctx = { signal: new AbortController().signal };
    await dispatch(h, 'datasets:list', {}, ctx);
    expect(h['datasets:list']).toHaveBeenCalledWith({}, ctx);
    await dispatch(h, 'keys:set', { profile: 'remote', key: '  spaced-key-value  ' });
    expect(h['keys:set']).toHaveBeenCalledWith({ profile: 'remote', key: 'spaced-key-value' });
  });

  it('turns a throw into a key-free internal result', async () => {
    const secret = 'Zq9XbT2mKp7LwR4vNs8YcH3jFd6GaE1u';
    const h = spyHandlers();
    h['usage:get'] = async () => {
      throw new Error(`upstream said x-api-key: ${secret} and ${secret}`);
    };
    const r = await dispatch(h, 'usage:get', {});
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(r)).not.toContain(secret);
    expect(logs.join('\n')).not.toContain(secret);
    h['usage:get'] = async () => fail('auth', 'x');
    expect(await dispatch(h, 'usage:get', {})).toEqual(fail('auth', 'x'));
  });
});
