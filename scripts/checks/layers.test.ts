import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';

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
