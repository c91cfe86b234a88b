// ESLint flat config: typescript-eslint's type-checked recommended rules over the hand-written
// TypeScript (src/, scripts/, contract-tests/ and the root config files), with eslint-config-prettier
// last so that no rule fights the formatter. `npm run lint` fails on any error or warning.
// Every rule below that is off or relaxed says why; everything else of the recommended sets is on.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // generated/ is written by `npm run generate` and never edited (DESIGN.md habit 7); the rest is
    // output of test runs, benchmarks and local databases.
    ignores: [
      'generated/**',
      'generated.next/**',
      'node_modules/**',
      'contract-tests/reports/**',
      'contract-tests/artifacts/**',
      'bench/**',
      'data/**',
      'storage/**',
    ],
  },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
    rules: {
      // A leading underscore marks a parameter a signature requires but the body does not read (express
      // knows an error handler by its four parameters; a handler map fixes the arguments), and `...rest`
      // destructuring is how the code drops a field from a copy.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Off: `async` without `await` is how the code meets a Promise-returning signature (operation
      // handlers, MCP tools, kysely plugins, test fakes) while a throw still becomes a rejection.
      // Dropping `async` would make such a throw synchronous, which callers do not expect; the rules
      // that catch real promise mistakes (no-floating-promises, no-misused-promises, await-thenable)
      // stay on.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Accessors made per object in the service: an object whose own getter or setter is a closure
    // over a request gets a hidden class of its own, kept in V8's old generation, so all the closure
    // reaches outlives the request until the next full collection (bench/FINDINGS.md
    // "Accessor literals": the GraphQL and MCP member rows collected their old generation every 2-3 s;
    // an accessor added with Object.defineProperty measured the same). A class with the accessor on
    // its prototype costs nothing of the kind. The one place this rule lives.
    files: ['src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ObjectExpression > Property[kind='get'], ObjectExpression > Property[kind='set']",
          message:
            'No getters or setters in object literals: use a class with the accessor on its prototype (bench/FINDINGS.md "Accessor literals").',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(defineProperty|defineProperties|__defineGetter__|__defineSetter__)$/] ObjectExpression > Property[key.name=/^(get|set)$/]',
          message:
            'No accessors added to an object one at a time: use a class with the accessor on its prototype (bench/FINDINGS.md "Accessor literals").',
        },
      ],
    },
  },
  {
    // The few plain JavaScript files: dredd's CommonJS hooks (run by dredd under Node) and one browser
    // script of the admin area. ESLint's recommended rules; their globals are listed here because the
    // `globals` package is not a dependency.
    files: ['**/*.cjs'],
    extends: [js.configs.recommended],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        exports: 'writable',
        __dirname: 'readonly',
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
  {
    files: ['src/web/assets/**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: {
      sourceType: 'script',
      globals: { window: 'readonly', document: 'readonly', getComputedStyle: 'readonly', Intl: 'readonly' },
    },
  },
  {
    // Migrations take `Kysely<any>` by design: they are frozen and must not depend on today's schema
    // types (DESIGN.md habit 5; kysely site/docs/migrations.mdx).
    files: ['src/db/migrations/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // vitest types its asymmetric matchers (expect.any, expect.stringContaining, ...) as `any`, so an
    // expected object that holds one is an "unsafe assignment"; the other `any` rules stay on.
    files: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // The contract tests are black-box: they read JSON off the wire as `any` on purpose and assert its
    // shape with expect(); the response validator and the operation-coverage suite check the shapes
    // against the spec. Typing every response here would copy the spec, so the `any` rules are off for
    // them. Every other rule (floating or misused promises, unused code, ...) applies.
    files: ['contract-tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  prettier,
);
