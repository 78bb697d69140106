// ESLint flat config. Process boundaries are enforced here: renderer/ and shared/ never import Node or Electron.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const nodeBuiltins = [
  'assert',
  'buffer',
  'child_process',
  'cluster',
  'crypto',
  'dgram',
  'dns',
  'events',
  'fs',
  'fs/promises',
  'http',
  'http2',
  'https',
  'module',
  'net',
  'os',
  'path',
  'process',
  'readline',
  'stream',
  'tls',
  'url',
  'util',
  'v8',
  'vm',
  'worker_threads',
  'zlib',
];
// Product code never imports test support; tests and test-support files are exempt (last block).
const testSupportOnlyInTests = { group: ['**/test-support/**'], message: 'product code never imports test support.' };

const noNode = {
  patterns: [
    { group: ['node:*'], message: 'renderer/ and shared/ run without Node: ask main through the bridge.' },
    { group: ['electron', 'electron/*'], message: 'only electron/ may import Electron.' },
    { group: ['**/server/**', '**/electron/**'], message: 'cross the process boundary through shared/ only.' },
    { group: ['undici', '@duckdb/*', 'fastify', 'env-paths'], message: 'Node-only package.' },
    testSupportOnlyInTests,
  ],
  paths: nodeBuiltins.map((name) => ({ name, message: 'renderer/ and shared/ run without Node.' })),
};

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', 'release', 'renderer/dist', 'test-results', 'playwright-report', '.cache'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['server/**', 'electron/**', 'e2e/**', 'bench/**', 'scripts/**', '*.config.*', 'electron.vite.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } } },
  {
    files: ['renderer/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', noNode] },
  },
  // The Rules of React (hooks and the compiler's purity checks) for the React code.
  { files: ['renderer/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...noNode,
          patterns: [...noNode.patterns, { group: ['react', 'react-*', '**/renderer/**'], message: 'shared/ is UI-free.' }],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', '**/electron/**', '**/renderer/**'], message: 'server/ stands alone: share through shared/.' },
            testSupportOnlyInTests,
          ],
        },
      ],
    },
  },
  // electron/services and electron/webhost are plain Node: testable without Electron, and they reach /v1 only over HTTP.
  {
    files: ['electron/services/**', 'electron/webhost/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', 'electron/*'],
              message: 'only electron/main and electron/preload import Electron (docs/architecture.md).',
            },
            {
              group: ['**/server/**'],
              message: 'main talks to /v1 over HTTP; only the embedded child starts server/ (docs/architecture.md).',
            },
            { group: ['**/renderer/**'], message: 'main and the page share only shared/.' },
            testSupportOnlyInTests,
          ],
        },
      ],
    },
  },
  {
    files: ['electron/main/**', 'electron/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              message: 'main talks to /v1 over HTTP; only the embedded child starts server/ (docs/architecture.md).',
            },
            { group: ['**/renderer/**'], message: 'main and the page share only shared/.' },
            testSupportOnlyInTests,
          ],
        },
      ],
    },
  },
  // Tests and their support code may reach across layers (a test starts a real /v1 server, mocks Electron).
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test-support/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
