// Lint: typescript-eslint's strict rules (type-aware-free) plus React's hooks rules (the
// exhaustive-deps rule catches effects that read stale values). No rule is disabled inline
// without a reason next to it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**', 'bench/baseline-app/dist/**', 'bench/out/**'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // No silent promise in the views: a fire-and-forget call to a worker (`void lab().call(…)`)
  // rejects unhandled when the worker is lost; `act` resolves undefined and the recovery's
  // alert tells the person.
  {
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: 'UnaryExpression[operator="void"] CallExpression[callee.property.name="call"][callee.object.type="CallExpression"]',
        message: 'A fire-and-forget worker call: use act(…), which resolves undefined when the worker is lost (the recovery reports it).',
      }],
    },
  },

  // Playwright fixtures call `use`, which is not React's hook.
  { files: ['e2e/**'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: globals.node } },
  // Plain scripts that run in the page (the service-worker registration, report probes).
  { files: ['public/**/*.js', 'scripts/**/*.js'], languageOptions: { globals: globals.browser } },
);
