import { randomUUID } from 'node:crypto'
import type { WebhookTestResult } from '@/isomorphic/contract/admin-webhooks'
import { eq } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { type webhookEndpoints, websites } from '../db/schema'
import { DomainError } from '../kernel/errors'
import { signWebhook } from './webhook-signature'
import { type WebhookSender, webhookSender } from './webhook-sender'
import { checkWebhookUrl } from './webhook-url'

// "Send a test event" (issue 24): one `webhook.test` event to an endpoint now, signed with its secret
// exactly as an order's events are (Webhook-Id, Webhook-Timestamp, Webhook-Signature), through the
// outbound policy (a refused address is said so, before any connection). Nothing is queued or
// retried; the receiver's status comes back in a sentence. An unreachable receiver reads the same
// whether its port is closed, open or silent (the detail is in the server log).

export const WEBHOOK_TEST_TOPIC = 'webhook.test'

type Endpoint = typeof webhookEndpoints.$inferSelect

/** What the receiver's answer means, in a sentence a store manager can act on. */
export function testEventMessage(result: { status: number | null; error: string | null }): string {
  if (result.status !== null && result.status >= 200 && result.status < 300) return `The receiver answered ${result.status}: it accepted the test event.`
  if (result.status !== null && result.status >= 300 && result.status < 400) {
    return `The receiver answered ${result.status}, a redirect, which is not followed: enter the address it redirects to.`
  }
  if (result.status !== null) {
    return `The receiver answered ${result.status}: it did not accept the test event. Check that it listens at this address and checks the signature with this endpoint’s secret.`
  }
  return `The test event was not delivered: ${result.error ?? 'no answer'}.`
}

export async function sendTestEvent(db: Executor, endpoint: Endpoint, { send = webhookSender(), now = new Date() }: { send?: WebhookSender; now?: Date } = {}): Promise<WebhookTestResult> {
  const eventId = `evt_test_${randomUUID().replaceAll('-', '')}`
  const [store] = await db.select({ id: websites.id, code: websites.code, name: websites.name }).from(websites).where(eq(websites.id, endpoint.websiteId))
  let url: string
  try {
    url = checkWebhookUrl(endpoint.url)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return { eventId, delivered: false, status: null, message: `The test event was not sent: ${error.userMessage}` }
  }
  const created = Math.floor(now.getTime() / 1000)
  const body = JSON.stringify({ id: eventId, type: WEBHOOK_TEST_TOPIC, created, data: { test: true, store: store ?? null, message: 'A test event sent from the console. No order changed.' } })
  const result = await send({ url, headers: signWebhook({ secret: endpoint.secret, eventId, body, timestamp: created }), body })
  const delivered = result.status !== null && result.status >= 200 && result.status < 300
  return { eventId, delivered, status: result.status, message: testEventMessage(result) }
}
