/** One jest project per kind of suite; `npm test` runs them all against the real services. */
const transform = {
  '^.+\\.(tsx?|m?js)$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
};
// file-type and its readers ship as ES modules only: compiled to CommonJS like our own code.
const transformIgnorePatterns = [
  '/node_modules/(?!(file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit)/)',
];
const common = {
  testEnvironment: 'node',
  transform,
  transformIgnorePatterns,
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/tests/unit/**/*.test.ts', '<rootDir>/domain/**/*.test.ts'],
      // The front end's own modules that need no browser, under the aliases Vite gives them.
      moduleNameMapper: { '^@domain/(.*)$': '<rootDir>/domain/$1', '^@/(.*)$': '<rootDir>/frontend/src/$1' },
    },
    {
      ...common,
      displayName: 'workflows',
      testMatch: ['<rootDir>/tests/workflows/**/*.test.ts'],
      setupFiles: ['<rootDir>/tests/support/quiet-temporal-logs.ts'],
    },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/tests/api/**/*.test.ts'],
      setupFiles: ['<rootDir>/tests/support/quiet-temporal-logs.ts'],
    },
    {
      // The front end's forms and review studio in jsdom, the api answered at the network layer
      // (frontend/src/testing/): needs no stack.
      ...common,
      displayName: 'components',
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/frontend/src/**/*.test.ts?(x)'],
      transform: {
        '^.+\\.(tsx?|m?jsx?)$': [
          '@swc/jest',
          {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              target: 'es2022',
              transform: { react: { runtime: 'automatic' } },
            },
          },
        ],
      },
      // Packages shipped as ES modules only (the uploaders' Uppy and idb-keyval, a few of MSW's
      // helpers): compiled to CommonJS like our own code.
      transformIgnorePatterns: [
        '/node_modules/(?!(@uppy|nanoid|p-retry|is-network-error|idb-keyval|@open-draft|rettime|until-async)/)',
      ],
      moduleNameMapper: { '^@domain/(.*)$': '<rootDir>/domain/$1', '^@/(.*)$': '<rootDir>/frontend/src/$1' },
      setupFilesAfterEnv: ['<rootDir>/frontend/src/testing/setup.ts'],
    },
    {
      // Kills the shared stack's services: `npm test` runs it last.
      ...common,
      displayName: 'chaos',
      testMatch: ['<rootDir>/tests/chaos/**/*.test.ts'],
    },
    {
      // The stack's logs after every suite above has run on it: no personal data in them.
      ...common,
      displayName: 'logs',
      testMatch: ['<rootDir>/tests/logs/**/*.test.ts'],
    },
    {
      // The production topology (scripts/lib/cluster.mjs), one instance of each killed in turn.
      ...common,
      displayName: 'cluster',
      testMatch: ['<rootDir>/tests/cluster/**/*.test.ts'],
    },
  ],
};
