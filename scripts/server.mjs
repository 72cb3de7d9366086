#!/usr/bin/env node
// The production HTTP server: Next's request handler behind one compression layer that knows about
// answers the core has already compressed (the product index, for one). Next strips Content-Encoding
// from route-handler responses and would gzip such a body a second time, so a route marks a
// pre-compressed body with X-Precompressed-Encoding and this layer turns the mark into the real
// header instead of compressing. Everything else is compressed as Next itself would. Rendered
// catalog pages are kept compressed and replayed (page-response-cache.mjs).
//
// Before a page is served or rendered (whatever the method: Next renders a page for a POST too),
// the page gate decides (site lock and account pages, decision 009; src/server/accounts/site-lock.ts,
// registered by src/instrumentation.ts): a redirect is answered here with 307 and never reaches the
// page cache. A page that depends on who asks is marked private for shared caches. The console
// (/admin, decision 021) is decided by a staff session instead of the site lock, is always private
// and carries X-Robots-Tag: noindex. Without a gate,
// or when it fails, pages are refused (fail closed); Next's files and the API never go through it.
// A request target that the gate and Next could read differently is refused outright with a 400
// (request-target.mjs: not a plain path, a '#', '.' or '..' segments, malformed percent-encoding).
//
// The start-up work (src/instrumentation.ts: the environment, migrations, the demo store on a new
// database, the page gate; the API dispatch and the background jobs follow 1.5 s later) runs before the port is taken: a process whose start
// fails prints why and exits with code 1, and never answers a request (issue 24). The routes' code is
// loaded 1.5 s after the port is taken, not before the first answer (P8, next.config.ts).
//
// WEB_CONCURRENCY=N (default 1) runs N worker processes on the one port (node:cluster), so every
// core serves. Each worker keeps its own caches, so N > 1 needs PostgreSQL (DATABASE_URL: PGlite
// serves one process) and Redis (REDIS_URL: the workers hear each other's invalidations) —
// decision 014. A worker that stops after it served is replaced after a second. One whose start
// fails is started again after a pause that doubles with each round of failures (1 s, 2 s, 4 s …
// up to 30 s); after START_ROUNDS failed starts per worker in a row, with no worker ready in
// between, the primary stops with a line that says so.
//
// The hot JSON API (/api/query, /api/mutation, /api/user/cart) is handed straight to its endpoints once
// src/instrumentation.ts has registered them (src/web/api-dispatch.ts, decision 016): Next's router
// cost more than most answers. Until then, and for every other route, Next serves.
//
// Every answer, whatever produced it, gets the security headers (security-headers.mjs, decision 015),
// and a request's forwarding headers count only when TRUST_PROXY says a proxy in front sets them: the
// client's address is decided once, before any path reads it (security-headers.mjs clientAddress).
// Request heads are bounded (MAX_HEADER_BYTES) before any header is parsed further.
import cluster from 'node:cluster'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import nextEnv from '@next/env'
import compression from 'compression'
import { edgeEnv } from '../src/server/edge-env.mjs'
import { registeredApiDispatch, registeredConsoleGate, registeredPageGate, registeredStoreResolver } from '../src/web/edge-registry.mjs'
import { createPageResponseCache } from './page-response-cache.mjs'
import { pathOf, targetRefusal } from './request-target.mjs'
import { SecuredResponse, setRequestStore, trustedClientHeaders, withSecurityHeaders } from './security-headers.mjs'
import { sendWebResponse, toWebRequest } from './web-request.mjs'

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {SecuredResponse} ServerResponse */
/** @typedef {import('../src/web/edge-registry.mjs').ApiEndpoint} ApiEndpoint */
/** @typedef {import('../src/web/edge-registry.mjs').GateDecision} GateDecision */
/** @typedef {(request: IncomingMessage, response: ServerResponse) => Promise<void>} NextHandler */
/** @typedef {{ webstore?: 'ready' | 'stop' } | null | undefined} WorkerMessage */

const PRECOMPRESSED = 'x-precompressed-encoding'
const root = path.resolve(import.meta.dirname, '..')
if (cluster.isPrimary) {
  // .env files count for the settings below (Next loads them itself when it prepares); workers
  // inherit the primary's environment.
  nextEnv.loadEnvConfig(root, false, { info: () => {}, error: console.error })
}
const settings = readSettings()
const { port, hostname } = settings
const STOP_GRACE_MS = 10_000
const headerOptions = { production: settings.production, publicOrigin: settings.publicOrigin }
const proxyOptions = { trustProxy: settings.trustProxy }
// Node's default, said out loud: a request head (request line and headers) above 16 KiB is a 431.
const MAX_HEADER_BYTES = 16 * 1024

// compression's types speak express; it is plain node middleware.
/** @type {(request: IncomingMessage, response: ServerResponse, next: () => void) => void} */
const compress = /** @type {any} */ (compression({
  filter(request, response) {
    const encoding = response.getHeader(PRECOMPRESSED)
    if (encoding) {
      response.removeHeader(PRECOMPRESSED)
      response.setHeader('Content-Encoding', String(encoding))
      return false
    }
    return compression.filter(request, response)
  },
}))

const pages = createPageResponseCache()

const PRIVATE_CACHE_CONTROL = 'private, no-store'

/** @param {IncomingMessage} request */
function isGated(request) {
  const url = request.url ?? '/'
  return !url.startsWith('/_next/') && !url.startsWith('/api/')
}

/**
 * @param {ServerResponse} response
 * @param {string} reason
 */
function refuseTarget(response, reason) {
  response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' })
  response.end(reason)
}

/**
 * The gate's decision: at once while what it reads is held in memory (nearly always), else once it
 * is read. Throws (or rejects) when the gate cannot decide.
 * @param {IncomingMessage} request
 */
function askGate(request) {
  const gate = registeredPageGate()
  if (!gate) throw new Error('the page gate is not registered (src/instrumentation.ts did not run)')
  return gate(request.method ?? 'GET', request.url ?? '/', request.headers)
}

// Every request is for one store (decision 025), resolved here once from its Host header and handed
// on in STORE_HEADER (a copy the client sent is dropped first); a host that names no store answers
// "No store here" without reaching a page or the API. Next's files and the health check are the
// same for every store and are not resolved.
const INSIDE_ADDRESS = /^\/_\d/

/** @param {IncomingMessage} request */
function isStoreless(request) {
  const url = request.url ?? '/'
  return url.startsWith('/_next/') || url.startsWith('/api/health')
}

/**
 * The store of a request, or null when its host names none: at once while the store directory is
 * held in memory (nearly always), else once it is read.
 * @param {IncomingMessage} request
 * @returns {number | null | Promise<number | null>}
 */
function resolveStore(request) {
  const resolve = registeredStoreResolver()
  if (!resolve) return Promise.reject(new Error('the store resolver is not registered (src/instrumentation.ts did not run)'))
  return resolve(request.headers.host, request.headers.cookie, request.url)
}

// The console (decision 021) answers on the install's console host only (decision 025): a store's
// own host names do not serve it, and the console host need not be any store's.
const CONSOLE_PATH = /^\/(?:admin|api\/admin|api\/known-device)(?:[/?#]|$)/

/**
 * @param {IncomingMessage} request
 * @param {ServerResponse} response
 * @param {number | null} storeId
 * @param {(request: IncomingMessage, response: ServerResponse) => void} route
 */
function routeToStore(request, response, storeId, route) {
  if (CONSOLE_PATH.test(request.url ?? '/')) {
    if (!registeredConsoleGate()?.(request.headers.host, storeId)) return notFound(response)
  } else if (storeId === null) return noStoreHere(response)
  if (storeId !== null) setRequestStore(request, String(storeId))
  route(request, response)
}

/** @param {ServerResponse} response */
function notFound(response) {
  response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
  response.end('Not found')
}

/** @param {ServerResponse} response */
function noStoreHere(response) {
  response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
  response.end(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><title>No store here</title></head>' +
      '<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">' +
      '<h1>No store here</h1><p>This address does not belong to any store. Check the address, or ask the store for its link.</p></body></html>',
  )
}

/**
 * Hands Next the configuration the build resolved and wrote down (.next/required-server-files.json),
 * as Next's own standalone server does, so a start does not compile and run next.config.ts again
 * (P8: about a tenth of the time to the first answer). A build without that file, or a variable
 * already set, leaves Next to read next.config.ts itself.
 */
function applyBuiltConfig() {
  if (process.env.__NEXT_PRIVATE_STANDALONE_CONFIG) return
  try {
    const { config } = JSON.parse(readFileSync(path.join(root, '.next', 'required-server-files.json'), 'utf8'))
    if (config && typeof config === 'object') process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config)
  } catch {
    // No build manifest to read: Next loads next.config.ts as usual.
  }
}

/**
 * Runs src/instrumentation.ts now, as Next would on the first request (the same module-wide promise,
 * so Next does not run it again). Next keeps a failed start for every request after it; this
 * process exits instead.
 */
async function startUp() {
  // Next's own module for it (not a public API): the promise its server awaits before the first request.
  const { ensureInstrumentationRegistered } = await import('next/dist/server/lib/router-utils/instrumentation-globals.external.js')
  try {
    await ensureInstrumentationRegistered(root, '.next')
  } catch (error) {
    const worker = cluster.isWorker ? ` (worker ${process.pid})` : ''
    console.error(`The server could not start${worker}:`, error)
    process.exit(1)
  }
}

/**
 * Whatever Next or the page cache says, this answer is for one visitor only.
 * @param {ServerResponse} response
 */
function keepPrivate(response) {
  const setHeader = response.setHeader
  response.setHeader = function (name, value) {
    return setHeader.call(this, name, String(name).toLowerCase() === 'cache-control' ? PRIVATE_CACHE_CONTROL : value)
  }
  response.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL)
}

/** @param {ServerResponse} response */
function refusePage(response) {
  response.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
  response.end(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body>' +
      '<h1>It looks like something went wrong.</h1>' +
      "<p>Don't worry, our team is already on it. Please try refreshing the page or come back later.</p>" +
      '<p><a href="/">back home</a></p></body></html>',
  )
}

/**
 * The registered endpoint for this request, or undefined when Next serves it.
 * @param {IncomingMessage} request
 */
function apiEndpoint(request) {
  const dispatch = registeredApiDispatch()
  if (!dispatch) return undefined
  return dispatch(request.method ?? 'GET', pathOf(request.url ?? '/'))
}

/**
 * @param {ApiEndpoint} endpoint
 * @param {IncomingMessage} request
 * @param {ServerResponse} response
 */
function serveApi(endpoint, request, response) {
  compress(request, response, async () => {
    let webRequest
    try {
      webRequest = toWebRequest(request)
    } catch {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
      response.end('The Host header of this request is not valid.')
      return
    }
    try {
      const answer = await endpoint(webRequest)
      // An endpoint that refused before reading the whole body (413, 415, a cross-site 403) leaves
      // the rest unread, and the connection could carry no other request: it is closed once the
      // answer is out, and the unread body is dropped.
      const unread = !request.complete
      if (unread) {
        response.setHeader('Connection', 'close')
        response.once('finish', () => void webRequest.body?.cancel().catch(() => {}))
      }
      await sendWebResponse(answer, response)
    } catch (error) {
      // The endpoints answer every error themselves; this is a broken connection or a bug.
      console.error(error)
      if (!response.headersSent) response.statusCode = 500
      response.end()
    }
  })
}

/**
 * An answer from a kept page when there is one, else from Next. An answer the gate made private (a
 * signed-in shopper of a locked store, the console) depends on who asks: it is neither answered
 * from nor kept as a copy that serves every visitor.
 * @param {NextHandler} handle
 * @param {IncomingMessage} request
 * @param {ServerResponse} response
 * @param {boolean} shared
 */
function serve(handle, request, response, shared) {
  if (shared && pages.serve(request, response)) return
  compress(request, response, () => {
    if (shared) pages.capture(request, response)
    handle(request, response).catch((/** @type {unknown} */ error) => {
      console.error(error)
      if (!response.headersSent) response.statusCode = 500
      response.end()
    })
  })
}

async function runServer() {
  // Finish the requests in flight, then leave; a second signal leaves at once. A worker is also
  // stopped by its primary (a message), or when the primary is gone.
  /** @type {import('node:http').Server<typeof import('node:http').IncomingMessage, typeof SecuredResponse> | null} */
  let server = null
  let stopping = false
  const stop = () => {
    stopping = true
    if (!server) process.exit(0)
    server.close(() => process.exit(0))
    server.closeIdleConnections()
    setTimeout(() => process.exit(0), STOP_GRACE_MS).unref()
  }
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => (stopping ? process.exit(1) : stop()))
  }
  if (cluster.isWorker) {
    process.on('message', (/** @type {WorkerMessage} */ message) => message?.webstore === 'stop' && !stopping && stop())
    process.on('disconnect', () => !stopping && stop())
  }

  applyBuiltConfig()
  // Loaded here, not at the top: a cluster's primary only forks and never needs Next.
  const { default: next } = await import('next')
  const app = next({ dev: false, dir: root, port, hostname: hostname ?? 'localhost' })
  await app.prepare()
  await startUp()
  const handle = app.getRequestHandler()

  server = createServer({ maxHeaderSize: MAX_HEADER_BYTES, ServerResponse: SecuredResponse }, (request, response) => {
    trustedClientHeaders(request, proxyOptions)
    withSecurityHeaders(request, response, headerOptions)
    const refusal = targetRefusal(request.url ?? '/')
    if (refusal) return refuseTarget(response, refusal)
    setRequestStore(request, null)
    // The pages' inside addresses (/_1/en/shop, next.config.ts) name a store: never from a client.
    if (INSIDE_ADDRESS.test(request.url ?? '/')) return notFound(response)
    if (isStoreless(request)) return route(request, response)
    const storeId = resolveStore(request)
    if (!(storeId instanceof Promise)) return routeToStore(request, response, storeId, route)
    storeId.then(
      (resolved) => routeToStore(request, response, resolved, route),
      (error) => {
        console.error('The store could not be resolved; the request is refused:', error)
        refusePage(response)
      },
    )
  })

  /**
   * @param {IncomingMessage} request
   * @param {ServerResponse} response
   */
  function route(request, response) {
    if (!isGated(request)) {
      const endpoint = apiEndpoint(request)
      return endpoint ? serveApi(endpoint, request, response) : serve(handle, request, response, true)
    }
    /** @param {unknown} error */
    const refuse = (error) => {
      console.error('The page gate failed; the page is refused:', error)
      refusePage(response)
    }
    /** @type {GateDecision | Promise<GateDecision>} */
    let decision
    try {
      decision = askGate(request)
    } catch (error) {
      return refuse(error)
    }
    if (decision instanceof Promise) decision.then((decided) => pass(request, response, decided), refuse)
    else pass(request, response, decision)
  }

  /**
   * Carries out the gate's decision on a page request.
   * @param {IncomingMessage} request
   * @param {ServerResponse} response
   * @param {GateDecision} decision
   */
  function pass(request, response, decision) {
    if (decision.noindex) response.setHeader('X-Robots-Tag', 'noindex, nofollow')
    if (decision.redirect) {
      response.writeHead(decision.status ?? 307, { Location: decision.redirect, 'Cache-Control': 'no-store' })
      response.end()
      return
    }
    if (decision.private) keepPrivate(response)
    serve(handle, request, response, !decision.private && !decision.noindex)
  }
  server.keepAliveTimeout = 65_000
  server.listen(port, hostname, () => {
    const worker = cluster.isWorker ? ` (worker ${process.pid})` : ''
    console.log(`▲ Webstore ready on http://${hostname ?? 'localhost'}:${port}${worker}`)
    if (cluster.isWorker) process.send?.({ webstore: 'ready' })
    setTimeout(() => void preloadRoutes(app), PRELOAD_AFTER_MS).unref()
  })
}

/** How long after listening every route's code is loaded (P8: the first page is answered by then). */
const PRELOAD_AFTER_MS = 1500

/**
 * Loads the code of every route in the background, as Next does at start when
 * experimental.preloadEntriesOnStart is on (next.config.ts turns it off): after the first answer
 * instead of before it, so no later visitor waits for a page's code. Next's own method (not a
 * public API); without it, routes load on their first request.
 * @param {unknown} app what next() made (its `server` is Next's own server once prepared)
 */
async function preloadRoutes(app) {
  try {
    // next() made a wrapper whose `server` holds the server that serves the pages.
    const { server: wrapped } = /** @type {{ server?: { getServer?: () => Promise<{ unstable_preloadEntries?: () => Promise<void> }> } }} */ (/** @type {unknown} */ (app))
    const nextServer = await wrapped?.getServer?.()
    await nextServer?.unstable_preloadEntries?.()
  } catch (error) {
    console.error('Preloading the routes failed; each loads on its first request:', error)
  }
}

/** The server's variables (src/server/edge-env.mjs); exits with the reason when one is wrong. */
function readSettings() {
  try {
    return edgeEnv()
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    return process.exit(1)
  }
}

/** Failed starts per worker, in a row with no worker ready in between, after which the primary stops. */
const START_ROUNDS = 3
const RESTART_MS = 1000
const MAX_RESTART_MS = 30_000

/** @param {number} count */
function runPrimary(count) {
  console.log(`Webstore: starting ${count} worker processes on port ${port}`)
  let stopping = false
  // Failed starts since a worker was last ready: the pause before the next start doubles with each
  // round of them (one per worker), and START_ROUNDS rounds stop the server.
  let failedStarts = 0
  /** @type {Set<number>} */
  const served = new Set()
  const running = () => Object.keys(cluster.workers ?? {}).length
  cluster.on('message', (worker, /** @type {WorkerMessage} */ message) => {
    if (message?.webstore !== 'ready') return
    served.add(worker.id)
    failedStarts = 0
  })
  cluster.on('exit', (worker, code, signal) => {
    const how = signal ?? `exit code ${code}`
    if (stopping) {
      if (running() === 0) process.exit(process.exitCode ?? 0)
    } else if (served.delete(worker.id)) {
      console.error(`Worker ${worker.process.pid} stopped (${how}); starting another.`)
      setTimeout(() => stopping || cluster.fork(), RESTART_MS)
    } else if (++failedStarts >= START_ROUNDS * count) {
      // Each worker failed its start START_ROUNDS times: a configuration or database problem that a
      // new process will not get past (its error is printed above).
      console.error(`Worker ${worker.process.pid} could not start (${how}). The workers could not start ${failedStarts} times in a row; stopping.`)
      process.exitCode = code || 1
      stopAll()
    } else {
      const pause = Math.min(RESTART_MS * 2 ** Math.floor((failedStarts - 1) / count), MAX_RESTART_MS)
      console.error(`Worker ${worker.process.pid} could not start (${how}); starting another in ${pause / 1000} s.`)
      setTimeout(() => stopping || cluster.fork(), pause)
    }
  })
  function stopAll() {
    stopping = true
    if (running() === 0) process.exit(process.exitCode ?? 0)
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker?.isConnected()) worker.send({ webstore: 'stop' })
    }
    setTimeout(() => process.exit(process.exitCode ?? 0), STOP_GRACE_MS + 2000).unref()
  }
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (stopping ? process.exit(1) : stopAll()))
  for (let index = 0; index < count; index++) cluster.fork()
}

if (cluster.isPrimary && settings.workers > 1) runPrimary(settings.workers)
else await runServer()
