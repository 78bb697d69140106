import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise } from 'dependency-cruiser';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rules of docs/architecture.md#import-rules, checked against the project's own ESLint config: each import
// below must be refused in the file it is placed in (and allowed where the layer permits it), so a loosened rule fails
// here rather than silently letting a layer leak.
const ROOT = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function restrictedImports(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: resolve(ROOT, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const cases: { file: string; source: string; refused: boolean }[] = [
  { file: 'electron/services/verbs/probe.ts', source: "import { app } from 'electron';", refused: true },
  { file: 'electron/webhost/probe.ts', source: "import { app } from 'electron';", refused: true },
  { file: 'electron/services/grid/probe.ts', source: "import { createServer } from '../../../server/app.js';", refused: true },
  { file: 'electron/webhost/probe.ts', source: "import { createServer } from '../../server/app.js';", refused: true },
  { file: 'electron/main/probe.ts', source: "import { createServer } from '../../server/app.js';", refused: true },
  { file: 'electron/main/probe.ts', source: "import { app } from 'electron';", refused: false },
  { file: 'electron/preload/probe.ts', source: "import { contextBridge } from 'electron';", refused: false },
  { file: 'server/routes/probe.ts', source: "import { createServices } from '../../electron/services/index.js';", refused: true },
  { file: 'server/routes/probe.ts', source: "import { app } from 'electron';", refused: true },
  { file: 'renderer/src/lib/probe.ts', source: "import { readFile } from 'node:fs/promises';", refused: true },
  { file: 'renderer/src/lib/probe.ts', source: "import { readFile } from 'fs';", refused: true },
  {
    file: 'renderer/src/lib/probe.ts',
    source: "import { createServices } from '../../../electron/services/index.js';",
    refused: true,
  },
  { file: 'shared/probe.ts', source: "import { join } from 'node:path';", refused: true },
  { file: 'shared/probe.ts', source: "import { useState } from 'react';", refused: true },
  { file: 'server/routes/probe.ts', source: "import { x } from '../test-support/testing.js';", refused: true },
  { file: 'electron/services/grid/probe.ts', source: "import { x } from '../test-support/fixtures.js';", refused: true },
  { file: 'renderer/src/lib/probe.ts', source: "import { x } from '../test-support/fakeApi.js';", refused: true },
  { file: 'renderer/src/lib/probe.test.ts', source: "import { x } from '../test-support/fakeApi.js';", refused: false },
  {
    file: 'electron/services/grid/probe.test.ts',
    source: "import { createServer } from '../../../server/app.js';",
    refused: false,
  },
];

describe('layer rules (ESLint)', () => {
  it.each(cases)('$file: $source → refused: $refused', async ({ file, source, refused }) => {
    const messages = await restrictedImports(file, source);
    expect(messages.length > 0).toBe(refused);
  });
});

describe('import rules (dependency-cruiser)', () => {
  // A small tree laid out like the project's, with one violation of each rule and one allowed import of each kind.
  const files: Record<string, string> = {
    'renderer/src/screens/map/MapPage.ts': "import { x } from '../constraint/Detail.js';\nexport const m = x;",
    'renderer/src/screens/constraint/Detail.ts': "import { t } from '../../features/charts/theme.js';\nexport const x = t;",
    'renderer/src/features/charts/theme.ts':
      "import { m } from '../../screens/map/MapPage.js';\nexport const t = 1; export const u = m;",
    'electron/services/workspace/pull.ts': "import { h } from '../verbs/handlers.js';\nexport const p = h;",
    'electron/services/verbs/handlers.ts': "import { q } from '../datasets/query.js';\nexport const h = q;",
    'electron/services/datasets/query.ts': "import { c } from '../v1/proxy.js';\nexport const q = c;",
    'electron/services/v1/proxy.ts': "import { l } from '../common/log.js';\nexport const c = l;",
    'electron/services/common/log.ts': "import { p } from '../workspace/pull.js';\nexport const l = 1; export const z = p;",
    'server/query/a.ts': "import type { B } from './b.js';\nexport type A = B | 1;",
    'server/query/b.ts': "import type { A } from './a.js';\nexport type B = A | 2;",
  };

  it('finds each violation, type-only cycles included, and nothing else', async () => {
    const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as {
      forbidden: unknown[];
      options: Record<string, unknown>;
    };
    const dir = await mkdtemp(join(tmpdir(), 'gridscope-layers-'));
    const cwd = process.cwd();
    try {
      for (const [file, text] of Object.entries(files)) {
        await mkdir(dirname(join(dir, file)), { recursive: true });
        await writeFile(join(dir, file), text);
      }
      await writeFile(
        join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { moduleResolution: 'Bundler', module: 'ESNext' } }),
      );
      process.chdir(dir);
      const result = await cruise(['renderer', 'electron', 'server'], {
        ...config.options,
        tsConfig: { fileName: 'tsconfig.json' },
        ruleSet: { forbidden: config.forbidden },
        validate: true,
      } as never);
      const output = result.output as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
      const found = new Set(output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`));
      expect(found).toContain(
        'screens-stand-alone: renderer/src/screens/map/MapPage.ts → renderer/src/screens/constraint/Detail.ts',
      );
      expect(found).toContain(
        'features-never-import-screens: renderer/src/features/charts/theme.ts → renderer/src/screens/map/MapPage.ts',
      );
      expect(found).toContain('verbs-only-route: electron/services/workspace/pull.ts → electron/services/verbs/handlers.ts');
      expect(found).toContain('v1-and-common-are-leaves: electron/services/common/log.ts → electron/services/workspace/pull.ts');
      expect([...found].some((v) => v.startsWith('no-circular: server/query/'))).toBe(true);
      // Allowed: a screen importing a feature, verbs importing a domain, a domain importing v1/, v1/ importing common/.
      const allowed = [...found].filter(
        (v) =>
          / (screens\/constraint\/Detail|verbs\/handlers|datasets\/query|v1\/proxy)\.ts → /.test(v) &&
          !v.startsWith('no-circular'),
      );
      expect(allowed).toEqual([]);
    } finally {
      process.chdir(cwd);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
