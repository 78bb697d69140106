import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProfileName, Result } from '../../../shared/index.js';
import { setLogSink } from '../common/logger.js';
import { createV1Proxy } from '../v1/proxy.js';
import type { V1Proxy } from '../v1/proxy.js';
import { createWorkspaceService } from './service.js';
import type { ExportPathChooser, WorkspaceService } from './service.js';
import { seedPull } from './test-support/helpers.js';

// The workspace service's exports: where the file goes on each host, and how long a web-host download lives.

let dir: string;
let proxy: V1Proxy;
const opened: WorkspaceService[] = [];

beforeAll(async () => {
  setLogSink(() => undefined);
  dir = await mkdtemp(join(tmpdir(), 'gs-workspace-service-'));
  proxy = createV1Proxy({ resolveTarget: async () => null });
});
afterAll(async () => {
  await Promise.all(opened.map((s) => s.dispose()));
  await proxy.close();
  await rm(dir, { recursive: true, force: true });
  setLogSink();
});

function service(name: string, extra: { chooseExportPath?: ExportPathChooser; downloadTtlMs?: number } = {}) {
  let profile: ProfileName = 'embedded';
  const s = createWorkspaceService({ dir: join(dir, name), activeProfile: async () => profile, proxy, ...extra });
  opened.push(s);
  return { s, use: (p: ProfileName) => (profile = p) };
}

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
const seeded = (s: WorkspaceService, rows = 5) =>
  s.use(
    async (ws) => ({ ok: true, value: await seedPull(ws, `SELECT CAST(range AS BIGINT) AS i FROM range(${rows})`) }) as const,
  );

describe('exports on the desktop (a save dialog)', () => {
  it('writes where the dialog says, offers <dataset>-<pull>.<format>, and does nothing when it is cancelled', async () => {
    const target = join(dir, 'chosen.csv');
    const asked: [string, string][] = [];
    let answer: string | null = target;
    const { s } = service('desktop', {
      chooseExportPath: async (name, format) => {
        asked.push([name, format]);
        return answer;
      },
    });
    const id = value(await seeded(s));
    const out = value(await s.use((ws) => s.exportPull(ws, { pullId: id, format: 'csv' })));
    expect(out).toEqual({ format: 'csv', rows: 5, bytes: (await readFile(target)).length, path: target });
    expect(asked).toEqual([[`seeded-${id}.csv`, 'csv']]);
    expect((await readFile(target, 'utf8')).split('\n')[0]).toBe('i');

    answer = null;
    expect(value(await s.use((ws) => s.exportPull(ws, { pullId: id, format: 'parquet' })))).toEqual({
      format: 'parquet',
      rows: 0,
      bytes: 0,
      path: null,
    });
    answer = join(dir, 'desktop', 'embedded.duckdb');
    expect(await s.use((ws) => s.exportPull(ws, { pullId: id, format: 'csv' }))).toMatchObject({
      ok: false,
      error: { code: 'validation', message: expect.stringContaining("outside Gridscope's workspace folder") },
    });
    expect(await s.use((ws) => s.exportPull(ws, { pullId: 999, format: 'csv' }))).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(asked).toHaveLength(3);
  });
});

describe('exports in the web host (one-time downloads)', () => {
  it('a download can be taken once, and its file goes when released', async () => {
    const { s } = service('web');
    const id = value(await seeded(s, 7));
    const out = value(await s.use((ws) => s.exportPull(ws, { pullId: id, format: 'csv' })));
    expect(out).toMatchObject({ format: 'csv', rows: 7, path: null });
    const link = out.downloadUrl!.split('/').at(-1)!;
    expect(s.peekDownload(link)).toMatchObject({ filename: `seeded-${id}.csv`, bytes: out.bytes });
    const taken = s.takeDownload(link)!;
    expect(taken.filename).toBe(`seeded-${id}.csv`);
    expect(existsSync(taken.path)).toBe(true);
    expect(s.takeDownload(link)).toBeUndefined();
    expect(s.peekDownload(link)).toBeUndefined();
    await taken.release();
    expect(existsSync(taken.path)).toBe(false);
    expect(s.takeDownload('../../embedded.duckdb')).toBeUndefined();
  });

  it('an unused download expires: its file is deleted and the link answers nothing', async () => {
    const { s } = service('expiring', { downloadTtlMs: 50 });
    const id = value(await seeded(s));
    const out = value(await s.use((ws) => s.exportPull(ws, { pullId: id, format: 'parquet' })));
    const link = out.downloadUrl!.split('/').at(-1)!;
    expect(s.peekDownload(link)).toBeDefined();
    await vi.waitFor(async () => expect(await readdir(join(dir, 'expiring', 'downloads'))).toEqual([]));
    expect(s.takeDownload(link)).toBeUndefined();
  });

  it('dispose deletes waiting downloads and refuses further calls', async () => {
    const { s } = service('disposed');
    const id = value(await seeded(s));
    value(await s.use((ws) => s.exportPull(ws, { pullId: id, format: 'csv' })));
    await s.dispose();
    expect(existsSync(join(dir, 'disposed', 'downloads'))).toBe(false);
    expect(await s.use(async () => ({ ok: true, value: 1 }) as const)).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});

describe('profiles', () => {
  it('opens one file per profile and switches on useProfile', async () => {
    const { s, use } = service('profiles');
    const embeddedId = value(await seeded(s));
    use('remote');
    await s.useProfile('remote');
    expect(existsSync(join(dir, 'profiles', 'remote.duckdb'))).toBe(true);
    expect(value(await s.use(async (ws) => ({ ok: true, value: ws.profile }) as const))).toBe('remote');
    expect(value(await seeded(s))).toBe(1);
    use('embedded');
    expect(value(await s.use(async (ws) => ({ ok: true, value: ws.profile }) as const))).toBe('embedded');
    expect(embeddedId).toBe(1);
  });
});
