/**
 * The linter (`npm run lint`, part of `npm test`): ESLint's and typescript-eslint's recommended rules with type
 * information from tsconfig.json (the project service), so a promise nobody awaits or handles, a promise passed where
 * a plain value is expected and a value nobody reads are errors. Unused exports and files are knip's (knip.jsonc).
 */
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/**', 'coverage/**', 'fixtures/**', 'runner/pack/validators/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A leading underscore marks a value left out on purpose: a parameter a signature needs, a property taken out of
      // an object by a rest pattern.
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
      // An async method that does not await still returns a promise, as the interface it implements asks.
      '@typescript-eslint/require-await': 'off',
      // The grader reads what terminals send: control characters in its patterns are what it looks for.
      'no-control-regex': 'off',
    },
  },
  {
    // The tests read the grader's JSON output, untyped, and compare it: an `any` there is the point.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // JavaScript outside the TypeScript project: this file (Node) and the reports' page script (a browser's).
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  { files: ['eslint.config.js'], languageOptions: { globals: globals.node } },
  { files: ['reports/assets/**/*.js'], languageOptions: { sourceType: 'script', globals: globals.browser } },
);
