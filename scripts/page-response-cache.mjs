// Compressed copies of rendered catalog pages, served without going through Next again.
// A page answered from Next's route cache (x-nextjs-cache: HIT) is the same for every visitor
// (decision 004): its bytes are kept here compressed once (brotli, gzip) and replayed with the same
// headers until rendered pages change (renderedPagesGeneration moves on a revalidation or a drop).
// Only plain document requests qualify: router requests (RSC payloads, prefetches) and anything but
// a 200 HTML page from the route cache go through Next as usual.
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { negotiateEncoding } from '../src/isomorphic/accept-encoding.mjs'
import { renderedPagesGeneration } from '../src/web/route-cache-handler.mjs'
import { pathOf as targetPath } from './request-target.mjs'
import { SECURITY_HEADER_NAMES } from './security-headers.mjs'

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/**
 * One kept page: its replayed headers and its body as sent, in brotli and in gzip.
 * @typedef {object} KeptPage
 * @property {number} generation renderedPagesGeneration() when the page was rendered
 * @property {[string, import('node:http').OutgoingHttpHeader | undefined][]} headers
 * @property {string | null} etag
 * @property {Buffer} identity
 * @property {Buffer} br
 * @property {Buffer} gzip
 * @property {number} bytes
 */

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
const ROUTER_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch', 'next-url', 'range']
// Security headers depend on the request (HSTS, Referrer-Policy) and are added again to every answer.
const NOT_REPLAYED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date', ...SECURITY_HEADER_NAMES])

// Rendered pages never read the query string (decision 004: filters are applied in the browser), so
// /shop?color=Navy is the same document as /shop: one copy per path, and random query strings cannot
// make the server compress anything again.
/** @param {IncomingMessage} request */
function pathOf(request) {
  return targetPath(request.url ?? '/')
}

// Each store's pages are its own (decision 025): the store the server resolved for the request's
// host (the x-webstore-store header it set) is part of the key.
/** @param {IncomingMessage} request */
function storeOf(request) {
  const store = request.headers['x-webstore-store']
  return typeof store === 'string' ? store : null
}

/** @param {IncomingMessage} request */
function keyOf(request) {
  return `${storeOf(request) ?? ''}${pathOf(request)}`
}

// The console's pages (decision 021) are one member's and never kept, whatever Next says of them.
const CONSOLE = /^\/admin(?:\/|$)/

/** @param {IncomingMessage} request */
function qualifies(request) {
  return (request.method === 'GET' || request.method === 'HEAD') && !ROUTER_HEADERS.some((name) => request.headers[name] !== undefined) && !CONSOLE.test(pathOf(request))
}

// Accept-Encoding is parsed the way the JSON API parses it: one linear pass, no regular expression.
/** @param {IncomingMessage} request */
function accepted(request) {
  return negotiateEncoding(request.headers['accept-encoding'])
}

/** @param {{ maxBytes?: number }} [options] */
export function createPageResponseCache({ maxBytes = 64 * 1024 * 1024 } = {}) {
  /** @type {Map<string, KeptPage>} */
  const entries = new Map()
  let bytes = 0

  /**
   * @param {string} url
   * @param {KeptPage} entry
   */
  function remember(url, entry) {
    const previous = entries.get(url)
    if (previous) bytes -= previous.bytes
    entries.delete(url)
    entries.set(url, entry)
    bytes += entry.bytes
    for (const [oldUrl, old] of entries) {
      if (bytes <= maxBytes) break
      entries.delete(oldUrl)
      bytes -= old.bytes
    }
  }

  return {
    /**
     * Answers from a kept copy; false when there is none for this request.
     * @param {IncomingMessage} request
     * @param {ServerResponse} response
     */
    serve(request, response) {
      if (!qualifies(request)) return false
      const key = keyOf(request)
      const entry = entries.get(key)
      if (!entry) return false
      if (entry.generation !== renderedPagesGeneration(storeOf(request))) {
        entries.delete(key)
        bytes -= entry.bytes
        return false
      }
      for (const [name, value] of entry.headers) if (value !== undefined) response.setHeader(name, value)
      if (entry.etag && request.headers['if-none-match'] === entry.etag) {
        response.statusCode = 304
        response.end()
        return true
      }
      const encoding = accepted(request)
      const body = encoding ? entry[encoding] : entry.identity
      if (encoding) response.setHeader('Content-Encoding', encoding)
      response.setHeader('Content-Length', body.length)
      response.statusCode = 200
      response.end(request.method === 'HEAD' ? undefined : body)
      return true
    },

    /**
     * Watches Next's answer to this request and keeps it when it is a rendered page from the route cache.
     * @param {IncomingMessage} request
     * @param {ServerResponse} response
     */
    capture(request, response) {
      if (request.method !== 'GET' || !qualifies(request)) return
      const generation = renderedPagesGeneration(storeOf(request))
      /** @type {Buffer[]} */
      const chunks = []
      // write and end keep their overloads; what is copied is the chunk, whatever comes after it.
      /** @type {(this: ServerResponse, chunk?: any, ...rest: any[]) => any} */
      const write = response.write
      /** @type {(this: ServerResponse, chunk?: any, ...rest: any[]) => any} */
      const end = response.end
      /** @type {typeof write} */
      const copyingWrite = function (chunk, ...rest) {
        if (chunk) chunks.push(Buffer.from(chunk))
        return write.call(this, chunk, ...rest)
      }
      /** @type {typeof end} */
      const copyingEnd = function (chunk, ...rest) {
        if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk))
        const result = end.call(this, chunk, ...rest)
        const isRenderedPage =
          response.statusCode === 200 &&
          response.getHeader('x-nextjs-cache') === 'HIT' &&
          String(response.getHeader('content-type') ?? '').startsWith('text/html') &&
          response.getHeader('set-cookie') === undefined
        if (isRenderedPage) {
          const identity = Buffer.concat(chunks)
          const headers = Object.entries(response.getHeaders()).filter(([name]) => !NOT_REPLAYED.has(name))
          Promise.all([
            brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
            gzipAsync(identity, { level: 9 }),
          ])
            .then(([br, gz]) => {
              if (generation !== renderedPagesGeneration(storeOf(request))) return
              const etag = response.getHeader('etag')
              remember(keyOf(request), { generation, headers, etag: etag ? String(etag) : null, identity, br, gzip: gz, bytes: identity.length + br.length + gz.length })
            })
            .catch(() => {})
        }
        return result
      }
      response.write = /** @type {typeof response.write} */ (copyingWrite)
      response.end = /** @type {typeof response.end} */ (copyingEnd)
    },
  }
}
