import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { noFolderCircle } from './eslint-rules/noFolderCircle.js';

// react-aria and react-stately are wrapped in src/ui only, so the rest of the app stays library-agnostic.
const ARIA_OUTSIDE_UI = {
  group: ['react-aria', 'react-stately', 'react-aria/*', 'react-stately/*', '@react-aria/*', '@react-stately/*'],
  message: 'Import react-aria/react-stately only from src/ui.',
};

// Tests and their helpers never ship: production code may not import a test, a *.test-utils file or tests/.
const TEST_HELPER = '\\.test(-utils)?(\\.tsx?)?$|^(\\.\\./)+tests(/|$)';
const TEST_HELPER_MESSAGE = 'Production code may not import tests or test helpers (*.test-utils, tests/).';
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/*.test-utils.{ts,tsx}'];

/**
 * The front end's layers, top to bottom (docs/architecture.md): a folder may import the ones below it, never one
 * above. The pattern matches a relative path that climbs out into a higher layer's folder. sw/ is its own program
 * and takes only src/lib.
 */
const LAYERS = ['app', 'shell', 'features', 'ui', 'lib'];
const DOWNHILL = LAYERS.join(' → ');
const FORBIDDEN = [
  ...LAYERS.map((layer, i) => ({
    files: [`src/${layer}/**/*.{ts,tsx}`],
    above: LAYERS.slice(0, i),
    aria: layer !== 'ui',
    message: `src/${layer} may not import ${LAYERS.slice(0, i).map((l) => `src/${l}`).join(', ')}: imports run downhill, ${DOWNHILL}.`,
  })),
  { files: ['sw/**/*.ts'], above: ['src/app', 'src/shell', 'src/features', 'src/ui'], aria: true, message: 'The service worker takes only src/lib.' },
];

/** One rule set per layer: no-restricted-imports for import and export, no-restricted-syntax for import(), which it does not check. */
function layerRules({ files, above, aria, message: uphillMessage }) {
  const uphill = above.length > 0 ? `^(\\.\\./)+(${above.join('|')})(/|$)` : null;
  const patterns = [
    ...(aria ? [ARIA_OUTSIDE_UI] : []),
    ...(uphill ? [{ regex: uphill, message: uphillMessage }] : []),
    { regex: TEST_HELPER, message: TEST_HELPER_MESSAGE },
  ];
  // esquery's regex literals cannot hold a '/', so it is written \x2F there.
  const inSelector = (regex) => `ImportExpression > Literal.source[value=/${regex.replaceAll('/', '\\x2F')}/]`;
  const dynamic = [
    ...(uphill ? [{ selector: inSelector(uphill), message: uphillMessage }] : []),
    { selector: inSelector(TEST_HELPER), message: TEST_HELPER_MESSAGE },
  ];
  return {
    files,
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': ['error', { patterns }],
      'no-restricted-syntax': ['error', ...dynamic],
    },
  };
}

/**
 * The server's layers (docs/architecture.md): routes → pages → domain (auth, menu, monitoring, settings, dashlets) →
 * db → http basics (http/errors.ts, http/input.ts). http/context.ts (the request context) sits above db/, which it
 * reads. Each entry names the folder and the imports it may not make, as patterns of the relative path.
 */
const UP = (folders) => `^(\\.\\./)+(${folders.join('|')})(/|\\.js$|$)`;
const SERVER_LAYERS = [
  {
    files: ['server/src/db/**/*.ts'],
    forbidden: [UP(['routes', 'pages', 'ajax', 'admin', 'auth', 'menu', 'monitoring', 'settings', 'dashlets', 'app', 'cli', 'main']),
      '^\\.\\./http/(?!(errors|input|language)\\.js$)'],
    message: 'db/ may import only the http basics (http/errors, http/input, http/language), never routes/, pages/, a domain folder or the request context (http/context).',
  },
  {
    files: ['server/src/monitoring/**/*.ts'],
    forbidden: [UP(['routes', 'pages', 'http', 'ajax', 'admin', 'app', 'cli', 'main'])],
    message: 'monitoring/ knows nothing of HTTP: it may not import routes/, pages/ or http/ (throw a monitoring error; app.ts maps it).',
  },
  {
    files: ['server/src/pages/**/*.ts'],
    forbidden: [UP(['routes', 'app', 'cli', 'main'])],
    message: 'pages/ may not import routes/: move what both need into a domain module (settings/, dashlets/, …).',
  },
  {
    files: ['server/src/dashlets/**/*.ts', 'server/src/settings/**/*.ts', 'server/src/menu/**/*.ts', 'server/src/auth/**/*.ts'],
    forbidden: [UP(['routes', 'pages', 'ajax', 'admin', 'app', 'cli', 'main']), '^(\\.\\./)+http/(?!(errors|input|language)\\.js$)'],
    message: 'A domain folder may not import routes/, pages/ or the request context: imports run downhill, routes → pages → domain → db → http basics.',
  },
  {
    files: ['server/src/http/errors.ts', 'server/src/http/input.ts', 'server/src/http/language.ts'],
    forbidden: ['^\\.\\./', '^\\./(?!(errors|input|language)\\.js$)'],
    message: 'The http basics (errors, input, language) are the bottom layer: they import nothing else of the server.',
  },
];

/** One server layer: no-restricted-imports (keeping the test-helper ban, which it would otherwise replace) and import(). */
function serverLayerRules({ files, forbidden, message }) {
  const inSelector = (regex) => `ImportExpression > Literal.source[value=/${regex.replaceAll('/', '\\x2F')}/]`;
  return {
    files,
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        ...forbidden.map((regex) => ({ regex, message })),
        { regex: TEST_HELPER, message: TEST_HELPER_MESSAGE },
      ] }],
      'no-restricted-syntax': ['error', ...forbidden.map((regex) => ({ selector: inSelector(regex), message }))],
    },
  };
}

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
      'no-restricted-imports': ['error', { patterns: [ARIA_OUTSIDE_UI] }],
    },
  },
  // Plain scripts the classic pages load from files (the CSP allows no inline script).
  { files: ['server/static/js/**/*.js', 'public/*.js'], languageOptions: { sourceType: 'script', globals: globals.browser } },
  { files: ['eslint-rules/**/*.js'], languageOptions: { globals: globals.node } },
  { files: ['src/ui/**'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['server/**', 'tests/**', '*.config.ts'], rules: { 'no-restricted-imports': 'off' } },
  // Imports run downhill, and production code takes nothing from tests.
  ...FORBIDDEN.map(layerRules),
  {
    files: ['server/src/**/*.ts'],
    ignores: TEST_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: TEST_HELPER, message: TEST_HELPER_MESSAGE }] }] },
  },
  // The server's imports run downhill too.
  ...SERVER_LAYERS.map(serverLayerRules),
  // Issue 18: page templates and routes in readable lines. A long URL or string in a test may stay on one line.
  {
    files: ['server/src/pages/**/*.ts', 'server/src/routes/**/*.ts'],
    rules: { 'max-len': ['error', { code: 120, ignoreUrls: true }] },
  },
  // Storage is asynchronous (issue 22): a query nobody awaits is a write that may be lost or an error nobody sees.
  {
    files: ['server/src/**/*.ts', 'tests/api/**/*.ts', 'tests/support/**/*.ts'],
    languageOptions: { parserOptions: { project: ['./server/tsconfig.json'], tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, properties: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  // No import circle between folders: each top-level folder of src/, and each feature on its own.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    plugins: { local: { rules: { 'no-folder-circle': noFolderCircle } } },
    rules: { 'local/no-folder-circle': ['error', { root: 'src', split: ['features'] }] },
  },
  // tests/api/useTestServer.ts is a vitest fixture (it registers beforeAll/afterAll), not a React hook; the engine
  // suites use it too.
  { files: ['tests/api/**', 'tests/nagios/**', 'tests/livestatus/**'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  // Playwright fixtures take `use` and an empty first argument by design; they are not React hooks.
  { files: ['tests/e2e/**'], rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' } },
);
