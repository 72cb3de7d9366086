#!/usr/bin/env node
// The production HTTP server: Next's request handler behind one compression layer that knows about
// answers the core has already compressed (the product index, for one). Next strips Content-Encoding
// from route-handler responses and would gzip such a body a second time, so a route marks a
// pre-compressed body with X-Precompressed-Encoding and this layer turns the mark into the real
// header instead of compressing. Everything else is compressed as Next itself would. Rendered
// catalog pages are kept compressed and replayed (page-response-cache.mjs).
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

const server = createServer((request, response) => {
  if (pages.serve(request, response)) return
  compress(request, response, () => {
    pages.capture(request, response)
    handle(request, response).catch((error) => {
      console.error(error)
      if (!response.headersSent) response.statusCode = 500
      response.end()
    })
  })
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
