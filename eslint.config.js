// ESLint for the TypeScript of src/, test/ and the configs beside this file, with typescript-eslint's
// type-checked rules (each file is linted with the types its tsconfig gives it); scripts/ and the
// ecosystem checks are JavaScript (tsc checks scripts/ from its JSDoc: tsconfig.scripts.json) and get
// ESLint's own recommended rules. `npm run lint:code` runs it, and CI (.ci/run) fails on any finding
// before the tests. The rules turned off or set below, each with its reason:
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // Not linted: what is built or installed, and fixtures. (generated/ is linted: the package ships it.)
  {
    ignores: [
      'dist/',
      '**/node_modules/',
      'reports/',
      '.stryker-tmp*/',
      'test/.artifacts/',
      'test/fixtures/',
      'scripts/bench/autocannon.d.ts',
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
    languageOptions: { globals: { ...globals.node } },
  },
);
