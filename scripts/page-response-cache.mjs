// Compressed copies of rendered catalog pages, served without going through Next again.
// A page answered from Next's route cache (x-nextjs-cache: HIT) is the same for every visitor
// (decision 004): its bytes are kept here compressed once (brotli, gzip) and replayed with the same
// headers until rendered pages change (renderedPagesGeneration moves on a revalidation or a drop).
// Only plain document requests qualify: router requests (RSC payloads, prefetches) and anything but
// a 200 HTML page from the route cache go through Next as usual.
//
// A replay is the hot path of the catalog (performance.md P1): it writes a head prepared whole for
// the page, its encoding and the request's security headers (one of four lists,
// security-headers.mjs), then the body kept in that encoding — no header object, no compression,
// nothing parsed twice.
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { negotiateEncoding } from '../src/isomorphic/accept-encoding.mjs'
import { renderedPagesGeneration } from '../src/web/route-cache-handler.mjs'
import { pathOf as targetPath } from './request-target.mjs'
import { SECURITY_HEADER_NAMES } from './security-headers.mjs'

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {import('./security-headers.mjs').SecuredResponse} SecuredResponse */
/** @typedef {'br' | 'gzip' | 'identity'} Encoding */
/**
 * The complete heads of one kept page for one list of security headers, flat [name, value, …].
 * @typedef {Record<Encoding, string[]> & { notModified: string[] }} PreparedHeads
 */
/**
 * One kept page: its replayed headers and its body as sent, in brotli and in gzip.
 * @typedef {object} KeptPage
 * @property {number} generation renderedPagesGeneration() when the page was rendered
 * @property {string[]} headers the replayed headers, flat [name, value, …]
 * @property {string | null} etag
 * @property {Buffer} identity
 * @property {Buffer} br
 * @property {Buffer} gzip
 * @property {number} bytes
 * @property {Map<readonly string[], PreparedHeads>} heads by list of security headers, made on first use
 */

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
const ROUTER_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch', 'next-url', 'range']
// Security headers depend on the request (HSTS, Referrer-Policy) and are added again to every answer.
const NOT_REPLAYED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date', ...SECURITY_HEADER_NAMES])

// Each store's pages are its own (decision 025): the store the server resolved for the request's
// host (the x-webstore-store header it set) is part of the key.
/** @param {IncomingMessage} request */
function storeOf(request) {
  const store = request.headers['x-webstore-store']
  return typeof store === 'string' ? store : null
}

// The console's pages (decision 021) are one member's and never kept, whatever Next says of them.
const CONSOLE = /^\/admin(?:\/|$)/

/**
 * The key of the copy a request may be answered from — its store and its path — or null when it is
 * no plain document request. Rendered pages never read the query string (decision 004: filters are
 * applied in the browser), so /shop?color=Navy is the same document as /shop: one copy per path,
 * and random query strings cannot make the server compress anything again.
 * @param {IncomingMessage} request
 */
function keyOf(request) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  const headers = request.headers
  for (const name of ROUTER_HEADERS) if (headers[name] !== undefined) return null
  const path = targetPath(request.url ?? '/')
  if (CONSOLE.test(path)) return null
  const store = headers['x-webstore-store']
  return typeof store === 'string' ? store + path : path
}

// Accept-Encoding is parsed the way the JSON API parses it (one linear pass, no regular expression),
// once per distinct header: browsers send a handful of values. Long values are parsed every time,
// so the memory kept stays small whatever clients send.
const ENCODING_MEMO_ENTRIES = 64
const ENCODING_MEMO_LENGTH = 256
/** @type {Map<string, Encoding>} */
const encodingMemo = new Map()

/**
 * @param {string | undefined} acceptEncoding
 * @returns {Encoding}
 */
function accepted(acceptEncoding) {
  if (acceptEncoding === undefined) return 'identity'
  let encoding = encodingMemo.get(acceptEncoding)
  if (encoding === undefined) {
    encoding = negotiateEncoding(acceptEncoding) ?? 'identity'
    if (acceptEncoding.length <= ENCODING_MEMO_LENGTH) {
      if (encodingMemo.size >= ENCODING_MEMO_ENTRIES) encodingMemo.clear()
      encodingMemo.set(acceptEncoding, encoding)
    }
  }
  return encoding
}

/**
 * The complete heads of a kept page with one list of security headers.
 * @param {KeptPage} entry
 * @param {readonly string[]} security
 * @returns {PreparedHeads}
 */
function prepareHeads(entry, security) {
  const common = [...entry.headers, ...security]
  /** @param {Encoding} encoding */
  const head = (encoding) => [...common, ...(encoding === 'identity' ? [] : ['content-encoding', encoding]), 'content-length', String(entry[encoding].length)]
  return { identity: head('identity'), br: head('br'), gzip: head('gzip'), notModified: common }
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
     * Answers from a kept copy; false when there is none for this request. The answer must have no
     * header set yet: its head is written whole.
     * @param {IncomingMessage} request
     * @param {SecuredResponse} response
     */
    serve(request, response) {
      const key = keyOf(request)
      if (key === null) return false
      const entry = entries.get(key)
      if (!entry) return false
      if (entry.generation !== renderedPagesGeneration(storeOf(request))) {
        entries.delete(key)
        bytes -= entry.bytes
        return false
      }
      const security = response.securityHeaders
      let heads = entry.heads.get(security)
      if (!heads) {
        heads = prepareHeads(entry, security)
        entry.heads.set(security, heads)
      }
      if (entry.etag !== null && request.headers['if-none-match'] === entry.etag) {
        response.writePreparedHead(304, heads.notModified)
        response.end()
        return true
      }
      const encoding = accepted(request.headers['accept-encoding'])
      response.writePreparedHead(200, heads[encoding])
      response.end(request.method === 'HEAD' ? undefined : entry[encoding])
      return true
    },

    /**
     * Watches Next's answer to this request and keeps it when it is a rendered page from the route cache.
     * @param {IncomingMessage} request
     * @param {ServerResponse} response
     */
    capture(request, response) {
      const key = keyOf(request)
      if (request.method !== 'GET' || key === null) return
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
          /** @type {string[]} */
          const headers = []
          for (const [name, value] of Object.entries(response.getHeaders())) {
            if (value === undefined || NOT_REPLAYED.has(name)) continue
            for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one))
          }
          Promise.all([
            brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
            gzipAsync(identity, { level: 9 }),
          ])
            .then(([br, gz]) => {
              if (generation !== renderedPagesGeneration(storeOf(request))) return
              const etag = response.getHeader('etag')
              remember(key, { generation, headers, etag: etag ? String(etag) : null, identity, br, gzip: gz, bytes: identity.length + br.length + gz.length, heads: new Map() })
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
