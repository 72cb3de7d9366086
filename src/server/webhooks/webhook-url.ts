import { checkOutboundUrl, type OutboundPolicy } from '../adapters/outbound'

// Where a store may send its webhooks (issue 15): the outbound policy every address staff set is held
// to (adapters/outbound.ts, issue 24) — https in production, a public address, no user name,
// password or fragment. Checked on save and again before every send, which also resolves the host
// and connects to the address it checked.

export const WEBHOOK_URL_LABEL = 'the webhook receiver'
export const WEBHOOK_URL_EXAMPLE = 'https://example.com/webhooks'

/** The URL as it will be stored and called, or a 400 saying what to change. */
export function checkWebhookUrl(text: string, policy?: OutboundPolicy): string {
  return checkOutboundUrl(text, { label: WEBHOOK_URL_LABEL, example: WEBHOOK_URL_EXAMPLE, ...(policy ? { policy } : {}) })
}
