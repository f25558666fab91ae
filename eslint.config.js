// ESLint for the TypeScript of src/, test/ and the configs beside this file, with typescript-eslint's
// type-checked rules (each file is linted with the types its tsconfig gives it); scripts/ and the
// ecosystem checks are JavaScript (tsc checks scripts/ from its JSDoc: tsconfig.scripts.json) and get
// ESLint's own recommended rules. `npm run lint:code` runs it, and CI (.ci/run) fails on any finding
// before the tests. The rules turned off or set below, each with its reason:
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The layers of src/mock/, bottom first (docs/ARCHITECTURE.md, "The layers of the mock"): a module
// imports from its own layer and those below it, never from one above; the folders of one layer do
// not import each other. Every import counts, types too: a type that points up is a loop in the design.
const MOCK_LAYERS = [
  ['common/**'],
  ['prism/**'],
  ['request/**'],
  ['scenarios/**', 'service/**'],
  ['engine/**'],
  ['reply/**'],
  ['control/**'],
  ['@(pipeline|settings).ts'],
  ['{browser/**,!(pipeline|settings).ts}'],
];
const mockZones = MOCK_LAYERS.flatMap((layer, index) =>
  layer.map((part) => ({
    target: `src/mock/${part}`,
    from: [...layer.filter((other) => other !== part), ...MOCK_LAYERS.slice(index + 1).flat()].map(
      (glob) => `src/mock/${glob}`,
    ),
    message: `src/mock/${part} is layer ${index + 1} of src/mock's ${MOCK_LAYERS.length}: it imports from its own folder and the layers below (docs/ARCHITECTURE.md).`,
  })),
).filter((zone) => zone.from.length > 0);

export default tseslint.config(
  // Not linted: what is built or installed, and fixtures, but the pages the bundlers build (their
  // code is a user's, run in Chromium). (generated/ is linted: the package ships it.)
  {
    ignores: [
      'dist/',
      '**/node_modules/',
      'reports/',
      '.stryker-tmp*/',
      'test/.artifacts/',
      'test/fixtures/*',
      '!test/fixtures/page-bundlers/',
    ],
  },
  js.configs.recommended,
  {
    rules: {
      // The code checks and strips control characters on purpose: log lines, header values, report text.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.ts'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            'vitest.mutation.config.ts',
            'vitest.mutation-fast.config.ts',
            'vitest.registry.config.ts',
            'vitest.bench.config.ts',
            'test/ecosystem/msw/api.test.ts',
            'test/ecosystem/msw/answers.test.ts',
            'scripts/bench/autocannon.d.ts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Prism types a diagnostic's severity with an enum of @stoplight/types, a module the mock does
      // not load at run time: it compares the numbers the enum stands for.
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      // An abort passes on the caller's own reason, whatever it is, as fetch does.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows the imports of the modules it reads: TypeScript, with typescript-eslint's parser.
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      // The sources import each other by the .js name they are built to.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } }),
      ],
    },
    rules: {
      // No loop of imports anywhere in src/ (type-only imports are left out: they vanish at build).
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: mockZones }],
      // One idea a function: the longest functions of the libraries this package is built on are about
      // 230 lines (openapi-fetch's coreFetch, Prism's buildSchemaFilter).
      'max-lines-per-function': ['error', { max: 200, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // The one exception: pydantic's validator is one closure over its compiled schemas (767 lines),
    // whose parts share that state; it stays whole until they are cut apart (its union choosing first).
    files: ['src/mock/service/pydantic.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests read JSON answers (`await response.json()` is any) and hand them to expect(), whose
      // assertion is the check: their shape is what the test asserts, not what the types promise.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      // expect(object.method) and vi.spyOn take methods apart from their objects by design.
      '@typescript-eslint/unbound-method': 'off',
      // A stub of an async function (a fetch, a server's handler) is async so that it returns a
      // promise as the real one does, whether or not it awaits anything.
      '@typescript-eslint/require-await': 'off',
      // Tests hand deliberately wrong values to typed code, and throw what is not an Error to see
      // that it is handled.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      // A test server's handlers are async functions given to node:http; what fails in one shows as
      // the test's own assertion or timeout.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  {
    files: ['test/ecosystem/jest/**', 'test/ecosystem/coverage/*.test.cjs'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ignores: ['test/fixtures/page-bundlers/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['test/fixtures/page-bundlers/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
