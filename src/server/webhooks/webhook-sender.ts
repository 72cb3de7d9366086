import { lookup as dnsLookup } from 'node:dns/promises'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { isIP } from 'node:net'
import { isPublicAddress } from './webhook-url'

// One webhook call (issue 15; external-apis.md: every outside call has a timeout). POST with the
// signed headers, a 10 s budget for the whole exchange, redirects not followed (a 3xx is a failed
// attempt), at most WEBHOOK_EXCERPT_CHARS of the answer kept. In production an https receiver's
// host is resolved here and refused when any address is not public; the connection then goes to
// the checked address. The answer is a result, never a throw.

export const WEBHOOK_TIMEOUT_MS = 10_000
export const WEBHOOK_EXCERPT_CHARS = 1000
const MAX_READ_BYTES = 64 * 1024

export type WebhookRequest = { url: string; headers: Record<string, string>; body: string }
export type WebhookResponse = { status: number | null; excerpt: string | null; error: string | null }
/** What sends a webhook; tests may pass their own, the dispatcher uses sendWebhook. */
export type WebhookSender = (request: WebhookRequest) => Promise<WebhookResponse>

export type SenderOptions = {
  timeoutMs?: number
  /** Refuse receivers whose addresses are not public (production). */
  publicOnly: boolean
  /** Resolves a host name to all its addresses (tests may pass a fixed answer). */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>
}

const defaultResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true })

/** The address to connect to when only public ones are allowed, or why not. */
async function publicTarget(hostname: string, resolve: NonNullable<SenderOptions['resolve']>): Promise<{ address: string; family: number } | { refused: string }> {
  const literal = hostname.replace(/^\[|\]$/g, '')
  const family = isIP(literal)
  if (family !== 0) return isPublicAddress(literal) ? { address: literal, family } : { refused: `the address ${literal} is not public` }
  let addresses: { address: string; family: number }[]
  try {
    addresses = await resolve(hostname)
  } catch (error) {
    return { refused: `the host could not be resolved (${error instanceof Error ? error.message : String(error)})` }
  }
  if (addresses.length === 0) return { refused: 'the host has no address' }
  const hidden = addresses.find((entry) => !isPublicAddress(entry.address))
  if (hidden) return { refused: `the host resolves to ${hidden.address}, which is not public` }
  return addresses[0]!
}

/** A lookup that answers the one address already checked (also when Node asks for all of them). */
function pinnedLookup(target: { address: string; family: number }): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }])
    else callback(null, target.address, target.family)
  }) as LookupFunction
}

export function webhookSender(options: SenderOptions): WebhookSender {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  const resolve = options.resolve ?? defaultResolve
  return async ({ url, headers, body }) => {
    const target = new URL(url)
    let lookup: LookupFunction | undefined
    if (options.publicOnly) {
      const checked = await publicTarget(target.hostname, resolve)
      if ('refused' in checked) return { status: null, excerpt: null, error: `refused: ${checked.refused}` }
      lookup = pinnedLookup(checked)
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest
    return new Promise<WebhookResponse>((settle) => {
      let settled = false
      const finish = (result: WebhookResponse) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        settle(result)
      }
      const request = send(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), 'User-Agent': 'webstore-webhooks/1' },
          ...(lookup ? { lookup } : {}),
        },
        (response) => {
          const chunks: Buffer[] = []
          let read = 0
          const done = () => {
            const text = Buffer.concat(chunks).toString('utf8')
            finish({ status: response.statusCode ?? null, excerpt: text.length > WEBHOOK_EXCERPT_CHARS ? text.slice(0, WEBHOOK_EXCERPT_CHARS) : text, error: null })
          }
          response.on('data', (chunk: Buffer) => {
            if (read >= MAX_READ_BYTES) return
            chunks.push(chunk)
            read += chunk.length
            // Enough for the excerpt: the rest of a large answer is not waited for.
            if (read >= MAX_READ_BYTES) {
              done()
              response.destroy()
            }
          })
          response.on('end', done)
          response.on('error', done)
        },
      )
      const timer = setTimeout(() => {
        finish({ status: null, excerpt: null, error: `timeout after ${timeoutMs} ms` })
        request.destroy()
      }, timeoutMs)
      request.on('error', (error) => finish({ status: null, excerpt: null, error: error.message || error.name }))
      request.end(body)
    })
  }
}
