import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

// Three projects (decision 020), each runnable alone:
// - unit: pure code and loopback fakes, no database — npm run test:unit (seconds);
// - integration: a test file that opens a database (its own PGlite copy, tests/setup/test-db.ts) —
//   npm run test:integration;
// - server: files that build or start the production server — npm run test:server.
// A file is an integration test when it imports the test database or the database client; nobody
// has to keep a list. The long fault suite has its own command (npm run test:resilience).

const ROOT = import.meta.dirname
const SERVER = ['tests/server/**/*.test.ts', 'tests/scale-out/**/*.test.ts']
const OPENS_A_DATABASE = /tests\/setup\/(test-db|postgres-template)'|@\/server\/db\/client'|\/db\/client'/

const testFiles = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
const integration = [...testFiles('src'), ...testFiles('tests')]
  .filter((file) => !/^tests\/(resilience|e2e|server|scale-out)\//.test(file))
  .filter((file) => OPENS_A_DATABASE.test(readFileSync(path.join(ROOT, file), 'utf8')))

const shared = {
  resolve: { alias: { '@': path.resolve(ROOT, 'src') } },
}
const test = {
  exclude: [...configDefaults.exclude, 'tests/resilience/**', 'tests/e2e/**'],
  pool: 'forks',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  // TEST_SHUFFLE=1 npm test: files and tests in a random order (the seed is printed).
  sequence: { shuffle: process.env.TEST_SHUFFLE === '1' },
} satisfies TestProjectInlineConfiguration['test']

export default defineConfig({
  ...shared,
  test: {
    sequence: test.sequence,
    projects: [
      { ...shared, test: { ...test, name: 'unit', include: ['src/**/*.test.ts', 'tests/**/*.test.ts'], exclude: [...test.exclude, ...SERVER, ...integration] } },
      { ...shared, test: { ...test, name: 'integration', include: integration, globalSetup: ['tests/setup/global-setup.ts'] } },
      // One production build at a time: two files starting start.mjs at once would both build.
      { ...shared, test: { ...test, name: 'server', include: SERVER, fileParallelism: false } },
    ],
  },
})
