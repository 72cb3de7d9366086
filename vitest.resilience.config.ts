import path from 'node:path'
import { defineConfig } from 'vitest/config'

// npm run test:resilience (issue 6): the long fault suite — the database cut off in the middle of
// checkouts, the production server killed while placing orders, readiness while the database is
// away. It needs PostgreSQL (TEST_DATABASE_URL, an admin URL such as
// postgres://postgres@127.0.0.1:5432/postgres); its databases are named resil_* and dropped after.
// The server tests run the production build (scripts/start.mjs builds it when the sources changed)
// on 127.0.0.1 ports 3401-3409, one file at a time.
process.env.TEST_DATABASE_PREFIX ??= 'resil'

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    include: ['tests/resilience/**/*.test.ts'],
    globalSetup: ['tests/resilience/require-postgres.ts', 'tests/setup/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 900_000,
    // The suite's fake tax service and carriers listen on 127.0.0.1: a private install's setting
    // (decision 024), inherited by the servers it starts.
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', ALLOW_PRIVATE_OUTBOUND: 'true' },
  },
})
