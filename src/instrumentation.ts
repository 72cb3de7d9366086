// Runs once when a server process starts: a bad configuration or an unmigratable database stops the
// start with a clear message instead of failing on the first request. With REDIS_URL the caches and
// rate limits become shared with the other instances (decision 014). Then the page gate (site lock
// and account pages, decision 009) and the store resolver (decision 025) are handed to
// scripts/server.mjs, before the first request. Shortly after the start (P8: once the first page
// is answered), the JSON API's endpoints (decision 016) are handed over too, old account rows start
// being cleaned up, allowance periods start being renewed, and the webhook dispatcher starts sending
// the stores' queued webhooks (issue 15).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  if (process.env.NEXT_PHASE === 'phase-production-build') return
  // First: errors Next prints itself must not carry a failed statement's values (issue 13).
  const { withholdQueryValuesInConsole } = await import('./server/kernel/logger')
  withholdQueryValuesInConsole()
  const { env } = await import('./server/env')
  const config = env()
  // A write in this process that drops a named cache also drops the pages rendered from it (the
  // console's edits, an import); other instances hear of it through the bus below.
  const [{ onCachesInvalidated }, { refreshRenderedPages }] = await Promise.all([import('./server/cache/named-cache'), import('./web/rendered-pages')])
  onCachesInvalidated((names, websiteId) => refreshRenderedPages(names, websiteId))
  // Before the database: the seed of an empty store announces its invalidations to the others.
  if (config.REDIS_URL) {
    const { startSharedCaches } = await import('./web/shared-caches')
    await startSharedCaches({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX })
  }
  const { prepareDatabase } = await import('./server/startup/prepare-database')
  await prepareDatabase()
  const [{ pageGate }, { consoleAnswersOn }, { resolveRequestStore }, { registerConsoleGate, registerPageGate, registerStoreResolver }] = await Promise.all([
    import('./web/page-gate'),
    import('./server/website/store-directory'),
    import('./web/request-store-resolver'),
    import('./web/edge-registry.mjs'),
  ])
  // The resolver before the gate: the server waits for the gate, and then finds both (decision 025).
  registerConsoleGate(consoleAnswersOn)
  registerStoreResolver(resolveRequestStore)
  registerPageGate(pageGate)
  // What no first answer needs waits until it has gone out (P8): loading the JSON API's endpoints
  // (Next serves the API until they are registered) and the first runs of the background jobs,
  // whose queries would otherwise share the start's one thread with the first page.
  // Defined here, past the runtime check above, so the edge bundle leaves these imports out.
  const startAfterFirstAnswer = async () => {
    const [{ apiDispatch }, { registerApiDispatch }] = await Promise.all([import('./web/api-dispatch'), import('./web/edge-registry.mjs')])
    registerApiDispatch(apiDispatch)
    const [{ scheduleAccountHousekeeping }, { getDb }] = await Promise.all([
      import('./server/accounts/account-housekeeping'),
      import('./server/db/client'),
    ])
    scheduleAccountHousekeeping(getDb)
    // Allowance periods renew on every instance's hourly run; each member's grant is written once however many run (issue 16).
    const { scheduleAllowanceReset } = await import('./server/allowances/allowance-reset')
    scheduleAllowanceReset(getDb)
    const { startWebhookDispatcher } = await import('./server/webhooks/webhook-dispatcher')
    const dispatcher = startWebhookDispatcher(getDb)
    // Its timers never keep the process alive; on a shutdown signal it stops taking new work. Only
    // beside the server's own handlers: a lone listener would take away the signal's default exit.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      if (process.listenerCount(signal) > 0) process.once(signal, () => dispatcher.stop())
    }
  }
  setTimeout(() => {
    startAfterFirstAnswer().catch((error: unknown) => console.error('The API dispatch or a background job could not start:', error))
  }, AFTER_START_MS).unref()
}

/** How long after the start the API dispatch and the background jobs start (P8: the first page is answered by then). */
const AFTER_START_MS = 1500
