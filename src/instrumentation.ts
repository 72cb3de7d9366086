// Runs once when a server process starts: a bad configuration or an unmigratable database stops the
// start with a clear message instead of failing on the first request. Then the page gate (site lock
// and account pages, decision 009) is handed to scripts/server.mjs, before the first request, and
// old account rows start being cleaned up.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  if (process.env.NEXT_PHASE === 'phase-production-build') return
  const { env } = await import('./server/env')
  env()
  const { prepareDatabase } = await import('./server/startup/prepare-database')
  await prepareDatabase()
  const { registerPageGate } = await import('./server/accounts/site-lock')
  registerPageGate()
  const [{ scheduleAccountHousekeeping }, { getDb }] = await Promise.all([
    import('./server/accounts/account-housekeeping'),
    import('./server/db/client'),
  ])
  scheduleAccountHousekeeping(getDb)
}
