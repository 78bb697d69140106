import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../common/logger.js';
import { DISPLAY_FILE, createDisplayService } from './service.js';

let dir: string;
beforeEach(async () => {
  setLogSink(() => undefined);
  dir = await mkdtemp(join(tmpdir(), 'gs-display-'));
});
afterEach(async () => {
  await chmod(dir, 0o700).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

describe('display preferences', () => {
  it('start in market time', async () => {
    expect(await createDisplayService({ configDir: dir }).get()).toEqual({ ok: true, value: { times: 'market' } });
  });

  it('keep UTC across a restart, in display.json', async () => {
    expect(await createDisplayService({ configDir: dir }).set({ times: 'utc' })).toEqual({ ok: true, value: { times: 'utc' } });
    expect(JSON.parse(await readFile(join(dir, DISPLAY_FILE), 'utf8'))).toEqual({ times: 'utc' });
    expect(await createDisplayService({ configDir: dir }).get()).toEqual({ ok: true, value: { times: 'utc' } });
  });

  it('fall back to market time for an invalid or unreadable file', async () => {
    await writeFile(join(dir, DISPLAY_FILE), JSON.stringify({ times: 'local' }));
    expect(await createDisplayService({ configDir: dir }).get()).toEqual({ ok: true, value: { times: 'market' } });
    await writeFile(join(dir, DISPLAY_FILE), '{');
    expect(await createDisplayService({ configDir: dir }).get()).toEqual({ ok: true, value: { times: 'market' } });
  });

  it('say so when the preference cannot be written, and keep the one in force', async () => {
    const display = createDisplayService({ configDir: join(dir, 'sub') });
    await writeFile(join(dir, 'sub'), 'a file where the folder should be');
    const r = await display.set({ times: 'utc' });
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(!r.ok && r.error.message).toMatch(/^The display preference could not be saved: /);
    expect(await display.get()).toEqual({ ok: true, value: { times: 'market' } });
  });
});
