// Node's request and response as the web Request and Response the API endpoints speak (decision
// 016): scripts/server.mjs hands /api/query and /api/mutation to them without Next's router.
// The body is streamed, so an endpoint refuses an oversized body as soon as it passes its limit.
import { Readable } from 'node:stream'

const BODYLESS = new Set(['GET', 'HEAD'])

/**
 * The web Request for a node request; throws on a Host header no URL can carry.
 * @param {import('node:http').IncomingMessage} request
 * @returns {Request}
 */
export function toWebRequest(request) {
  const headers = new Headers()
  const raw = request.rawHeaders
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index] ?? ''
    if (name.charCodeAt(0) !== 58 /* ':' HTTP/2 pseudo-header */) headers.append(name, raw[index + 1] ?? '')
  }
  const host = request.headers.host || 'localhost'
  const url = new URL(request.url ?? '/', `http://${host}`)
  if (url.host !== host.toLowerCase()) throw new TypeError(`unusable Host header: ${host.slice(0, 64)}`)
  const method = request.method ?? 'GET'
  // duplex is Node's (undici's) addition to RequestInit; Node's web stream is the DOM's ReadableStream.
  /** @type {RequestInit & { duplex?: 'half' }} */
  const init = { method, headers }
  if (!BODYLESS.has(method)) {
    init.body = /** @type {ReadableStream<Uint8Array>} */ (/** @type {unknown} */ (Readable.toWeb(request)))
    init.duplex = 'half'
  }
  return new Request(url, init)
}

/**
 * Writes a web Response to node's response (status, reason phrase, headers, cookies, body).
 * @param {Response} answer
 * @param {import('node:http').ServerResponse} response
 */
export async function sendWebResponse(answer, response) {
  response.statusCode = answer.status
  if (answer.statusText) response.statusMessage = answer.statusText
  for (const [name, value] of answer.headers) {
    if (name !== 'set-cookie') response.setHeader(name, value)
  }
  const cookies = answer.headers.getSetCookie()
  if (cookies.length > 0) response.setHeader('set-cookie', cookies)
  response.end(answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined)
}
