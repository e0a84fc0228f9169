// Lint rules, with the dependency rule of DESIGN.md and the README's layout:
//   domain ← everything; db and clients ← api, activities; workflows ← domain (+ activity types);
//   api → workflows/contracts only; api and activities never import each other;
//   frontend ← domain only; shared frontend code never imports features or app; features never
//   import app nor each other; scripts import nothing of ours and nothing imports bench.
//   No import cycles, no deep imports into a library's internals.
import fs from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'fs',
  'path',
  'os',
  'crypto',
  'http',
  'https',
  'net',
  'child_process',
  'stream',
  'url',
  'util',
  'events',
  'zlib',
  'worker_threads',
  'dns',
  'tls',
  'process',
  'buffer',
  'timers',
  'module',
];
/** `fs`, `node:fs`, `fs/promises`…, anchored so that a module of ours named `events` is not one. */
const builtinRegex = `^(node:)?(${nodeBuiltins.join('|')})(/.*)?$`;

/**
 * A package's internals (`pkg/lib/…`, `@scope/pkg/dist/…`): use its public entry points instead.
 * One such path is a documented entry point: the OpenTelemetry interceptors' workflow-side module
 * (its root also loads the worker's side, which has no place in the workflow sandbox).
 */
const deepImport = {
  regex:
    '^(?!@temporalio/interceptors-opentelemetry/lib/workflow$)(@[\\w-][\\w.-]*/)?[\\w-][\\w.-]*/(lib|dist|src|build|esm|cjs|internal)(/|$)',
  message: 'No deep imports into a library’s internals: use its public api or a small well-kept package.',
};

/** `no-restricted-imports` for an area: the deep-import ban plus the area's own patterns. */
const restrictedImports = (...patterns) => ['error', { patterns: [deepImport, ...patterns] }];

const noBuiltins = (message) => ({ regex: builtinRegex, message });
const domainBuiltins = noBuiltins('domain/ runs in the browser too: no Node built-ins.');

const features = fs
  .readdirSync('frontend/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Our top folders, bench/ aside. */
const LAYERS = [
  './domain',
  './db',
  './clients',
  './observability',
  './api',
  './activities',
  './workflows',
  './frontend',
  './scripts',
  './tests',
];
const allLayersBut = (layer) => LAYERS.filter((other) => other !== layer);

/** Folder zones: files under `target` never import from `from` (except `except`, relative to `from`). */
const zones = [
  {
    target: './domain',
    from: allLayersBut('./domain'),
    message: 'domain/ is pure: it imports nothing of ours.',
  },
  {
    target: './scripts',
    from: allLayersBut('./scripts'),
    message: 'scripts/ starts, builds and tests the product: it imports none of our code (the benches live in bench/).',
  },
  {
    target: LAYERS,
    from: './bench',
    message: 'The benches measure the product: nothing of the product imports them.',
  },
  {
    target: './observability',
    from: ['./db', './clients', './api', './activities', './workflows', './frontend'],
    message: 'observability/ (logs, traces) is what every server process starts with: it imports only domain/.',
  },
  {
    target: './db',
    from: ['./clients', './api', './activities', './workflows', './frontend'],
    message: 'db/ is what the api and the worker stand on: it imports only domain/ and observability/.',
  },
  {
    target: './clients',
    from: ['./db', './api', './activities', './workflows', './frontend'],
    message: 'clients/ (the external services’ clients) stands beside db/: it imports only domain/ and observability/.',
  },
  {
    target: './workflows',
    from: ['./db', './clients', './observability', './api', './frontend'],
    message: 'Workflows import only domain/, their contracts and activity types.',
  },
  {
    target: './workflows',
    from: './domain/schemas',
    message:
      'Workflows never import the zod schemas: every cached workflow would carry its own zod (tests/workflows/workflow-bundle.test.ts).',
  },
  {
    target: './api',
    from: './workflows',
    except: ['./contracts'],
    message: 'The api reaches workflows only through workflows/contracts.',
  },
  { target: './api', from: ['./activities', './frontend'], message: 'The api and the worker never import each other.' },
  { target: './activities', from: ['./api', './frontend'], message: 'The api and the worker never import each other.' },
  {
    target: './frontend',
    from: ['./db', './clients', './observability', './api', './activities', './workflows', './scripts', './tests'],
    message: 'The front end imports only domain/ and its own code.',
  },
  {
    target: [
      './frontend/src/components',
      './frontend/src/lib',
      './frontend/src/config',
      './frontend/src/i18n',
      './frontend/src/hooks',
    ],
    from: ['./frontend/src/features', './frontend/src/app'],
    message: 'Shared front-end code never imports features or the app shell.',
  },
  { target: './frontend/src/features', from: './frontend/src/app', message: 'Features never import the app shell.' },
  ...features.map((feature) => ({
    target: `./frontend/src/features/${feature}`,
    from: './frontend/src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other; share through src/components or src/lib.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'frontend/dist/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'keycloak/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Parse TypeScript dependencies too, so no-cycle follows every import.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'frontend/tsconfig.json', 'tests/e2e/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': restrictedImports(),
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', 'eslint.config.mjs', 'jest.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['domain/**/*.ts'],
    rules: { 'no-restricted-imports': restrictedImports(domainBuiltins) },
  },
  {
    // zod-locale.ts sets zod's French messages; every schema lives in domain/schemas/.
    files: ['domain/*.ts'],
    ignores: ['domain/zod-locale.ts'],
    rules: {
      'no-restricted-imports': restrictedImports(domainBuiltins, {
        group: ['zod'],
        message: 'The zod schemas live in domain/schemas/: the rest of domain/ stays zod-free for the workflows.',
      }),
    },
  },
  {
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictedImports(noBuiltins('Workflow code is deterministic: no Node built-ins.'), {
        group: ['**/activities/**', '../activities*'],
        allowTypeImports: true,
        message: 'Workflows import activities as types only.',
      }),
    },
  },
  {
    // Each area's workflow client is the api's only way to its workflows; the connection module and
    // the run helpers the clients share (api/temporal/), the composition root and the health probe
    // are the other doors to Temporal.
    files: ['api/**/*.ts'],
    ignores: ['api/*/*-workflow-client.ts', 'api/temporal/*.ts', 'api/bootstrap.ts', 'api/health/**'],
    rules: {
      'no-restricted-imports': restrictedImports({
        group: ['@temporalio/client', '@temporalio/common'],
        message: 'The api reaches Temporal only through its area’s `*-workflow-client.ts`.',
      }),
    },
  },
  {
    files: ['frontend/public/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['frontend/**/*.ts', 'frontend/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': restrictedImports(noBuiltins('No Node built-ins in the browser.'), {
        group: ['@/testing/*', 'msw', 'msw/*', '@testing-library/*'],
        message: 'The network-layer fixtures and Testing Library serve the component tests only, never the app.',
      }),
    },
  },
  {
    // WCAG 2.2 AA in the markup we write: the plugin's strict set (docs/accessibility.md).
    files: ['frontend/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    // The component tests and their support (src/testing/): run by jest in Node, under jsdom.
    files: ['frontend/src/testing/**', 'frontend/src/**/*.test.ts', 'frontend/src/**/*.test.tsx'],
    rules: { 'no-restricted-imports': restrictedImports() },
  },
  {
    // The Vite config and its build step run in Node.
    files: ['frontend/vite.config.ts', 'frontend/prerender-pages.ts'],
    rules: { 'no-restricted-imports': restrictedImports() },
  },
  prettier,
);
