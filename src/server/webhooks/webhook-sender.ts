import { OutboundError, outboundFetch, type OutboundPolicy, type Resolve } from '../adapters/outbound'

// One webhook call (issue 15; external-apis.md: every outside call has a timeout). POST with the
// signed headers through the outbound policy's fetch (adapters/outbound.ts: the receiver's address
// checked, resolved, refused when not allowed, and the connection pinned to the address checked), a
// 10 s budget for the whole exchange, redirects not followed (a 3xx is a failed attempt), at most
// WEBHOOK_EXCERPT_CHARS of the answer kept. The answer is a result, never a throw; its error is the
// policy's sentence, the same for a closed, an open and a silent port (the detail is logged).

export const WEBHOOK_TIMEOUT_MS = 10_000
export const WEBHOOK_EXCERPT_CHARS = 1000
const MAX_READ_BYTES = 64 * 1024

export type WebhookRequest = { url: string; headers: Record<string, string>; body: string }
export type WebhookResponse = { status: number | null; excerpt: string | null; error: string | null }
/** What sends a webhook; tests may pass their own, the dispatcher uses webhookSender(). */
export type WebhookSender = (request: WebhookRequest) => Promise<WebhookResponse>

export type SenderOptions = {
  timeoutMs?: number
  /** Default: this process's environment (NODE_ENV, ALLOW_PRIVATE_OUTBOUND). */
  policy?: OutboundPolicy
  /** Resolves a host name to all its addresses (tests may pass a fixed answer). */
  resolve?: Resolve
}

export function webhookSender(options: SenderOptions = {}): WebhookSender {
  return async ({ url, headers, body }) => {
    try {
      const response = await outboundFetch(
        url,
        { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json', 'User-Agent': 'webstore-webhooks/1' }, body },
        {
          timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
          maxBytes: MAX_READ_BYTES,
          truncate: true,
          ...(options.policy ? { policy: options.policy } : {}),
          ...(options.resolve ? { resolve: options.resolve } : {}),
        },
      )
      const text = await response.text()
      return { status: response.status, excerpt: text.length > WEBHOOK_EXCERPT_CHARS ? text.slice(0, WEBHOOK_EXCERPT_CHARS) : text, error: null }
    } catch (error) {
      if (error instanceof OutboundError) return { status: null, excerpt: null, error: error.kind === 'refused' ? `refused: ${error.message}` : error.message }
      return { status: null, excerpt: null, error: error instanceof Error ? error.message : String(error) }
    }
  }
}
