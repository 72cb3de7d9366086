#!/usr/bin/env node
// The production HTTP server: Next's request handler behind one compression layer that knows about
// answers the core has already compressed (the product index, for one). Next strips Content-Encoding
// from route-handler responses and would gzip such a body a second time, so a route marks a
// pre-compressed body with X-Precompressed-Encoding and this layer turns the mark into the real
// header instead of compressing. Everything else is compressed as Next itself would. Rendered
// catalog pages are kept compressed and replayed (page-response-cache.mjs).
//
// Before a page is served or rendered (GET/HEAD), the page gate decides (site lock and account
// pages, decision 009; src/server/accounts/site-lock.ts, registered by src/instrumentation.ts): a
// redirect is answered here with 307 and never reaches the page cache. A page that depends on who
// asks is marked private for shared caches. Without a gate, or when it fails, pages are refused
// (fail closed); Next's files and the API never go through it.
import { createServer } from 'node:http'
import path from 'node:path'
import compression from 'compression'
import next from 'next'
import { createPageResponseCache } from './page-response-cache.mjs'

const PRECOMPRESSED = 'x-precompressed-encoding'
const root = path.resolve(import.meta.dirname, '..')
const port = Number(process.env.PORT || 3000)
const hostname = process.env.HOSTNAME_BIND || undefined

const app = next({ dev: false, dir: root, port, hostname: hostname ?? 'localhost' })
await app.prepare()
const handle = app.getRequestHandler()

const compress = compression({
  filter(request, response) {
    const encoding = response.getHeader(PRECOMPRESSED)
    if (encoding) {
      response.removeHeader(PRECOMPRESSED)
      response.setHeader('Content-Encoding', String(encoding))
      return false
    }
    return compression.filter(request, response)
  },
})

const pages = createPageResponseCache()

const PAGE_GATE = Symbol.for('webstore.pageGate')
const UNGATED_PREFIXES = ['/_next/', '/api/']
const PRIVATE_CACHE_CONTROL = 'private, no-store'

function isGated(request) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const url = request.url ?? '/'
  return !UNGATED_PREFIXES.some((prefix) => url.startsWith(prefix))
}

async function askGate(request) {
  const gate = globalThis[PAGE_GATE]
  if (typeof gate !== 'function') throw new Error('the page gate is not registered (src/instrumentation.ts did not run)')
  return (await gate(request.method, request.url ?? '/', request.headers)) ?? {}
}

// Whatever Next or the page cache says, this answer is for one visitor only.
function keepPrivate(response) {
  const setHeader = response.setHeader
  response.setHeader = function (name, value) {
    return setHeader.call(this, name, String(name).toLowerCase() === 'cache-control' ? PRIVATE_CACHE_CONTROL : value)
  }
  response.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL)
}

function refusePage(response) {
  response.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
  response.end(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body>' +
      '<h1>It looks like something went wrong.</h1>' +
      "<p>Don't worry, our team is already on it. Please try refreshing the page or come back later.</p>" +
      '<p><a href="/">back home</a></p></body></html>',
  )
}

function serve(request, response) {
  if (pages.serve(request, response)) return
  compress(request, response, () => {
    pages.capture(request, response)
    handle(request, response).catch((error) => {
      console.error(error)
      if (!response.headersSent) response.statusCode = 500
      response.end()
    })
  })
}

const server = createServer((request, response) => {
  if (!isGated(request)) return serve(request, response)
  askGate(request).then(
    (decision) => {
      if (decision.redirect) {
        response.writeHead(307, { Location: decision.redirect, 'Cache-Control': 'no-store' })
        response.end()
        return
      }
      if (decision.private) keepPrivate(response)
      serve(request, response)
    },
    (error) => {
      console.error('The page gate failed; the page is refused:', error)
      refusePage(response)
    },
  )
})
server.keepAliveTimeout = 65_000
server.listen(port, hostname, () => {
  console.log(`▲ Webstore ready on http://${hostname ?? 'localhost'}:${port}`)
})

// Finish the requests in flight, then leave; a second signal leaves at once.
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) process.exit(1)
    stopping = true
    server.close(() => process.exit(0))
    server.closeIdleConnections()
    setTimeout(() => process.exit(0), 10_000).unref()
  })
}
