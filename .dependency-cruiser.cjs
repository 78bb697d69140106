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
    {
      name: 'verbs-only-route',
      comment: 'Domains never import the verb layer: verbs/ → domains → v1/, common/ (docs/architecture.md#main-services).',
      severity: 'error',
      from: { path: '^electron/services/[^/]+/', pathNot: ['^electron/services/verbs/', ...PRODUCT.pathNot] },
      to: { path: '^electron/services/verbs/' },
    },
    {
      name: 'v1-and-common-are-leaves',
      comment: 'v1/ (the /v1 proxy) and common/ serve every domain and import none of them.',
      severity: 'error',
      from: { path: '^electron/services/(v1|common)/', pathNot: PRODUCT.pathNot },
      to: { path: '^electron/services/', pathNot: '^electron/services/(v1|common)/' },
    },
    {
      name: 'screens-stand-alone',
      comment: 'A screen folder never imports another screen: shared pieces live in features/ (docs/architecture.md#renderer).',
      severity: 'error',
      from: { path: '^renderer/src/screens/([^/]+)/', pathNot: PRODUCT.pathNot },
      to: { path: '^renderer/src/screens/', pathNot: '^renderer/src/screens/$1/' },
    },
    {
      name: 'features-never-import-screens',
      comment: 'features/, components/, lib/ and shell/ are used by screens, never the reverse.',
      severity: 'error',
      from: { path: '^renderer/src/(features|components|lib|shell)/', pathNot: PRODUCT.pathNot },
      to: { path: '^renderer/src/(screens/|App\\.tsx)' },
    },
    {
      name: 'generic-ui-never-imports-features',
      comment: 'components/ and lib/ are generic: a domain piece belongs in features/<domain>/.',
      severity: 'error',
      from: { path: '^renderer/src/(components|lib)/', pathNot: PRODUCT.pathNot },
      to: { path: '^renderer/src/features/' },
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
