import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // react-aria and react-stately are wrapped in src/ui only, so the rest of the app stays library-agnostic.
      'no-restricted-imports': ['error', { patterns: [{ group: ['react-aria', 'react-stately', 'react-aria/*', 'react-stately/*', '@react-aria/*', '@react-stately/*'], message: 'Import react-aria/react-stately only from src/ui.' }] }],
    },
  },
  // Plain scripts the classic pages load from files (the CSP allows no inline script).
  { files: ['server/static/js/**/*.js'], languageOptions: { sourceType: 'script', globals: globals.browser } },
  { files: ['src/ui/**'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['server/**', 'tests/**', '*.config.ts'], rules: { 'no-restricted-imports': 'off' } },
  // Playwright fixtures take `use` and an empty first argument by design; they are not React hooks.
  { files: ['tests/e2e/**'], rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' } },
);
