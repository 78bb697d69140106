import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BINARY_RESULT_TYPE, BRIDGE_HEADER, decodeBinaryResult, fail, ok } from '../../shared/index.js';
import type { Handlers } from '../services/verbs/handlers.js';
import { createFileVault, createServices, setLogSink } from '../services/index.js';
import { openSession } from '../test-support/http.js';
import type { Session } from '../test-support/http.js';
import { fakeV1Factory } from '../test-support/upstream.js';
import { startWebHost } from './server.js';
import type { WebHost } from './server.js';

// The web host's binary bridge path (shared/bridge/binary.ts): a result holding bytes goes out as one binary body, an
// error or any other result as JSON, as before.

let dir: string;
let host: WebHost;
let session: Session;
const runs = new Uint8Array(Array.from({ length: 1000 }, (_, i) => i % 251));
const equipment = new Uint8Array([7, 7, 7]);

beforeAll(async () => {
  setLogSink(() => undefined);
  dir = await mkdtemp(join(tmpdir(), 'gs-webhost-binary-'));
  await mkdir(join(dir, 'dist'), { recursive: true });
  await writeFile(join(dir, 'dist', 'index.html'), '<!doctype html><title>Gridscope</title>');
  const configDir = join(dir, 'config');
  const services = createServices({
    configDir,
    vault: createFileVault(configDir),
    host: 'web',
    versions: { node: process.versions.node },
    embedded: { factory: fakeV1Factory(), apiKey: 'embedded-key-for-binary-tests' },
  });
  const handlers = services.handlers as Handlers;
  handlers['map:features'] = vi.fn(async () =>
    ok({ runs, equipment, originMs: 1_725_235_200_000, nested: [{ more: runs }] }),
  ) as never;
  handlers['map:ticket'] = vi.fn(async () => fail('not_found', 'Ticket 1 was not active.')) as never;
  host = await startWebHost({ port: 0, host: '127.0.0.1', configDir, rendererDir: join(dir, 'dist'), services });
  session = await openSession(host.port, host.token);
});
afterAll(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
  setLogSink();
});

const window = { start: '2024-09-02T00:00:00Z', end: '2024-09-03T00:00:00Z' };
const call = (verb: string, input: unknown) =>
  fetch(`http://127.0.0.1:${session.port}/bridge/${verb}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [BRIDGE_HEADER]: '1',
      origin: `http://127.0.0.1:${session.port}`,
      cookie: session.cookie,
    },
    body: JSON.stringify(input),
  });

describe('binary bridge answers over HTTP', () => {
  it('a result holding bytes comes as one binary body, its bytes unchanged', async () => {
    const res = await call('map:features', { datasetId: 'd', market: 'pjm', window });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(BINARY_RESULT_TYPE);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.arrayBuffer();
    expect(body.byteLength).toBeLessThan(2 * runs.length + equipment.length + 400);
    const result = decodeBinaryResult(body) as {
      ok: true;
      value: { runs: Uint8Array; equipment: Uint8Array; originMs: number; nested: { more: Uint8Array }[] };
    };
    expect(result.ok).toBe(true);
    expect(result.value.originMs).toBe(1_725_235_200_000);
    expect([...result.value.runs]).toEqual([...runs]);
    expect([...result.value.equipment]).toEqual([7, 7, 7]);
    expect([...result.value.nested[0]!.more]).toEqual([...runs]);
  });

  it('errors stay JSON, and so does a bad input, refused before the handler', async () => {
    const missing = await call('map:ticket', { market: 'pjm', window, ticket: 1 });
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await missing.json()).toEqual({ ok: false, error: { code: 'not_found', message: 'Ticket 1 was not active.' } });
    const bad = await call('map:features', { datasetId: 'd', market: 'pjm' });
    expect(bad.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await bad.json()).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});
