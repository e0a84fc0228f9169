/** One jest project per kind of suite; `npm test` runs them all against the real services. */
const transform = { '^.+\\.tsx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }] };
const common = { testEnvironment: 'node', transform, moduleFileExtensions: ['ts', 'tsx', 'js', 'json'] };

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/tests/unit/**/*.test.ts', '<rootDir>/domain/**/*.test.ts'],
      // The front end's own modules that need no browser, under the alias Vite gives domain/.
      moduleNameMapper: { '^@domain/(.*)$': '<rootDir>/domain/$1' },
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
      // Kills the shared stack's services: `npm test` runs it last.
      ...common,
      displayName: 'chaos',
      testMatch: ['<rootDir>/tests/chaos/**/*.test.ts'],
    },
  ],
};
