// Lint rules, including the dependency rule of DESIGN.md:
// domain ← everything; workflows ← domain (+ activity types); frontend ← domain; no cross-feature imports.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['fs', 'path', 'os', 'crypto', 'http', 'https', 'net', 'child_process', 'stream', 'url', 'util', 'events', 'zlib', 'worker_threads', 'dns', 'tls', 'process', 'buffer', 'timers', 'module'];
const builtinPatterns = nodeBuiltins.flatMap((name) => [name, `node:${name}`, `${name}/*`, `node:${name}/*`]);

const frontendPatterns = [
  // Server folders at the repository root; a feature's own `./api` or `../api` folder stays allowed.
  { regex: '^(\\.\\./){2,}(api|activities|workflows)(/|$)', message: 'The front end imports only domain/ and its own code.' },
  { group: builtinPatterns, message: 'No Node built-ins in the browser.' },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'frontend/dist/**', '.data/**', 'test-results/**', 'playwright-report/**', 'keycloak/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
    files: ['scripts/**/*.mjs', 'eslint.config.mjs', 'jest.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/api/**', '**/activities/**', '**/workflows/**', '**/frontend/**', '../api*', '../activities*', '../workflows*', '../frontend*'], message: 'domain/ is pure: it imports nothing from the other folders.' },
          { group: builtinPatterns, message: 'domain/ runs in the browser too: no Node built-ins.' },
        ],
      }],
    },
  },
  {
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: builtinPatterns, message: 'Workflow code is deterministic: no Node built-ins.' },
          { group: ['**/api/**', '../api*', '**/frontend/**', '../frontend*'], message: 'Workflows import only domain/ and activity types.' },
          { group: ['**/activities/**', '../activities*'], allowTypeImports: true, message: 'Workflows import activities as types only.' },
        ],
      }],
    },
  },
  {
    files: ['frontend/**/*.ts', 'frontend/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', { patterns: frontendPatterns }] },
  },
  {
    // A feature may use shared code (@/components, @/lib) but never another feature.
    files: ['frontend/src/features/**/*.ts', 'frontend/src/features/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [...frontendPatterns, { group: ['@/features/**'], message: 'Features do not import each other; share through src/components or src/lib, and use relative imports inside a feature.' }],
      }],
    },
  },
  {
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/frontend/**', '../frontend*', '**/activities/**', '../activities*'], message: 'The api reaches workflows through their contracts, not activity code.' }],
      }],
    },
  },
  {
    files: ['activities/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/frontend/**', '../frontend*'], message: 'Activities never import the front end.' },
          { group: ['../api/*', '!../api/db', '!../api/db/*', '!../api/db/**', '!../api/lib', '!../api/lib/*'], message: 'Activities share only the db module and infrastructure clients with the api.' },
        ],
      }],
    },
  },
);
