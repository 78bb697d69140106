// Import rules that ESLint's per-file rules cannot see: cycles and which folders may import which
// (docs/architecture.md#import-rules). `npm run lint` runs it; any violation fails the lint.
const PRODUCT = { pathNot: ['\\.test\\.tsx?$', '/test-support/'] };

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles among product files, type-only imports included.',
      severity: 'error',
      from: PRODUCT,
      to: { circular: true, ...PRODUCT },
    },
  ],
  options: {
    // Type-only imports count: a cycle through types still ties two modules together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '(^|/)(out|dist)/'] },
  },
};
