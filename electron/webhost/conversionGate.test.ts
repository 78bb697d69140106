import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { conversionGateFromEnv } from './conversionGate.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the test-only conversion gate', () => {
  it('is absent without GRIDSCOPE_TEST_CONVERSION_GATE', () => {
    expect(conversionGateFromEnv({})).toBeUndefined();
  });

  it('holds part n until <folder>/parts says n, one file per part, and rejects once aborted', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gridscope-gate-'));
    const gate = conversionGateFromEnv({ GRIDSCOPE_TEST_CONVERSION_GATE: dir })!;
    expect(gate.filesPerStatement).toBe(1);
    const signal = new AbortController().signal;
    let passed = false;
    const first = gate.beforePart!(1, signal).then(() => (passed = true));
    await new Promise((r) => setTimeout(r, 150));
    expect(passed).toBe(false);
    await writeFile(join(dir, 'parts'), '1\n');
    await first;
    expect(passed).toBe(true);

    const controller = new AbortController();
    const second = gate.beforePart!(2, controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(second).rejects.toThrow('cancelled');
  });
});
