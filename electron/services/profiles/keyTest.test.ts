import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProfilesState, Result } from '../../../shared/index.js';
import { usage } from '../../../shared/test-support/fixtures.js';
import { sendJson } from '../../test-support/upstream.js';
import { startServicesOverUpstream } from '../../test-support/servicesOverUpstream.js';
import type { ServicesOverUpstream } from '../../test-support/servicesOverUpstream.js';
import { dispatch } from '../verbs/dispatch.js';

/** `keys:set` tests the key it stores; `keys:test` tests it again; both against the Remote URL, whichever profile is active. */

const GOOD = 'k1';
let fx: ServicesOverUpstream;
const call = (verb: string, input: unknown) => dispatch(fx.services.handlers, verb, input) as Promise<Result<ProfilesState>>;
const connection = (r: Result<ProfilesState>) => (r.ok ? r.value.remote.connection : r.error);

beforeEach(async () => {
  fx = await startServicesOverUpstream('keytest');
  fx.up.route('/v1/api_usage', (req, res) =>
    req.headers['x-api-key'] === GOOD ? sendJson(res, 200, usage()) : sendJson(res, 401, { detail: 'Invalid API key' }),
  );
  // The Remote URL points at the upstream, but Embedded stays active: the test must still reach Remote.
  expect((await call('profiles:setRemoteUrl', { baseUrl: `${fx.up.origin}/v1` })).ok).toBe(true);
});
afterEach(() => fx.close());

describe('Remote key test', () => {
  it('a wrong key is saved and reported as rejected', async () => {
    const r = await call('keys:set', { profile: 'remote', key: 'wrong-key' });
    expect(r.ok && r.value.remote.keySet).toBe(true);
    expect(connection(r)).toMatchObject({ state: 'rejected', status: 401 });
    expect(fx.up.requests.at(-1)).toMatchObject({ url: '/v1/api_usage' });
  });

  it('a short valid key is accepted, and keys:test repeats the check', async () => {
    expect(connection(await call('keys:set', { profile: 'remote', key: GOOD }))).toMatchObject({ state: 'accepted' });
    const before = fx.up.requests.length;
    expect(connection(await call('keys:test', { profile: 'remote' }))).toMatchObject({ state: 'accepted' });
    expect(fx.up.requests.length).toBe(before + 1);
    // The result stays visible on later reads, and goes with the key.
    expect(connection(await call('profiles:get', {}))).toMatchObject({ state: 'accepted' });
    expect(connection(await call('keys:clear', { profile: 'remote' }))).toBeUndefined();
  });

  it('without a key, keys:test says the key is missing without a request', async () => {
    const before = fx.up.requests.length;
    const r = await call('keys:test', { profile: 'remote' });
    expect(r.ok).toBe(true);
    expect(fx.up.requests.length).toBe(before);
  });

  it('an unreachable server is told apart from a rejected key', async () => {
    await fx.up.close();
    expect(connection(await call('keys:set', { profile: 'remote', key: GOOD }))).toMatchObject({ state: 'unreachable' });
  });
});
