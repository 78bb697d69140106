import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActiveWorkspace } from './activeWorkspace.js';

/** activeWorkspace.ts alone, on real DuckDB files: one open per profile, a switch closing the other, a failed open retried. */

let dir: string;
const opened: ActiveWorkspace[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gs-active-ws-'));
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((a) => a.close()));
  await rm(dir, { recursive: true, force: true });
});

function active(events: string[] = []) {
  const a = new ActiveWorkspace(dir, { closing: (p) => events.push(`closing ${p}`), closed: () => events.push('closed') });
  opened.push(a);
  return a;
}

describe('ActiveWorkspace', () => {
  it('shares one open between calls for the same profile', async () => {
    const a = active();
    const [x, y] = await Promise.all([a.open('embedded'), a.open('embedded')]);
    expect(x).toBe(y);
    expect(x.path).toBe(join(dir, 'embedded.duckdb'));
    expect(a.profile).toBe('embedded');
  });

  it('closes the open workspace before opening another profile, telling around the close', async () => {
    const events: string[] = [];
    const a = active(events);
    const first = await a.open('embedded');
    const second = await a.open('remote');
    expect(second.profile).toBe('remote');
    expect(events).toEqual(['closing embedded', 'closed']);
    await expect(first.write(async () => 1)).rejects.toThrow('The workspace is closed.');
    await a.close();
    expect(events).toEqual(['closing embedded', 'closed', 'closing remote', 'closed']);
    expect(a.profile).toBeUndefined();
  });

  it('forgets a failed open, so the next call tries again', async () => {
    const a = active();
    await writeFile(join(dir, 'embedded.duckdb'), 'not a database');
    await expect(a.open('embedded')).rejects.toMatchObject({ reason: 'unreadable' });
    expect(a.profile).toBeUndefined();
    await rm(join(dir, 'embedded.duckdb'));
    expect((await a.open('embedded')).profile).toBe('embedded');
  });
});
