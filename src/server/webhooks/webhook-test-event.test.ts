import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { createServer as createTcpServer, type AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { WebhookAdminMutationResponses } from '@/isomorphic/contract/admin-webhooks'
import { createWebsite } from '../../../tests/factories/website'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { OUTBOUND_UNREACHABLE } from '../adapters/outbound'
import { executeAdminMutation } from '../api/admin-registry'
import { auditLog, webhookDeliveries, webhookEndpoints } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { verifyWebhookSignature } from './webhook-signature'

// The webhook page's "Send a test event" (issue 24): one `webhook.test` event signed with the
// endpoint's secret, sent now to a real local receiver, its answer said in a sentence; nothing is
// queued, the test is audited, and only the store's managers may send one.

// The receiver listens on loopback: the setting a private install turns on to try a local receiver.
vi.stubEnv('ALLOW_PRIVATE_OUTBOUND', 'true')

type M = WebhookAdminMutationResponses

describe('sending a test event to a webhook endpoint', () => {
  const { db } = useTestDatabase()
  let receiver: Server
  let base: string
  const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = []
  let websiteId: number
  let manager: CoreContext

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      request.on('end', () => {
        received.push({ path: request.url ?? '', headers: request.headers, body })
        response.writeHead(request.url === '/refuses' ? 401 : 204).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
    websiteId = (await createWebsite()).id
    manager = await staffContext(websiteId, { role: 'store_manager' })
  })
  afterAll(async () => {
    receiver.closeAllConnections()
    await new Promise((resolve) => receiver.close(resolve))
  })

  const endpointAt = async (url: string) =>
    (await executeAdminMutation('saveWebhookEndpoint', { websiteId, url, topics: ['order.placed'] }, manager)) as M['saveWebhookEndpoint']
  const sendTest = (endpointId: number, ctx = manager) => executeAdminMutation('sendWebhookTestEvent', { endpointId }, ctx) as Promise<M['sendWebhookTestEvent']>

  test('the receiver gets a webhook.test event it can verify with the endpoint’s secret, and the page says it was accepted', async () => {
    const { endpoint, secret } = await endpointAt(`${base}/accepts`)
    const result = await sendTest(endpoint.id)
    expect(result).toEqual({ eventId: expect.stringMatching(/^evt_test_[0-9a-f]{32}$/), delivered: true, status: 204, message: 'The receiver answered 204: it accepted the test event.' })
    const call = received.find((entry) => entry.path === '/accepts')!
    expect(JSON.parse(call.body)).toMatchObject({ id: result.eventId, type: 'webhook.test', data: { test: true, store: { id: websiteId } } })
    expect(call.headers['webhook-id']).toBe(result.eventId)
    expect(verifyWebhookSignature({ secret: secret!, header: call.headers['webhook-signature'] as string, body: call.body })).toMatchObject({ ok: true })
    // Nothing queued or retried; the test is in the audit log, without the secret.
    expect(await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toEqual([])
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.entityType, 'webhook_endpoint'), eq(auditLog.action, 'webhook_endpoint.test_event'), eq(auditLog.entityId, String(endpoint.id))))
    expect(audit).toMatchObject({ after: { eventId: result.eventId, status: 204, delivered: true } })
    expect(JSON.stringify(audit)).not.toContain(secret!)
  })

  test('a receiver that refuses it is told with its status and what to check', async () => {
    const { endpoint } = await endpointAt(`${base}/refuses`)
    expect(await sendTest(endpoint.id)).toMatchObject({
      delivered: false,
      status: 401,
      message: 'The receiver answered 401: it did not accept the test event. Check that it listens at this address and checks the signature with this endpoint’s secret.',
    })
  })

  test('a closed port and a silent one read the same: the test event was not delivered', async () => {
    const closed = createTcpServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const closedPort = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const { endpoint } = await endpointAt(`http://127.0.0.1:${closedPort}/`)
    expect(await sendTest(endpoint.id)).toMatchObject({ delivered: false, status: null, message: `The test event was not delivered: ${OUTBOUND_UNREACHABLE}.` })
  })

  test('an endpoint stored at the cloud metadata address before the policy is not called, whatever the setting', async () => {
    // A row from before issue 24 (the console refuses such an address now).
    const [legacy] = await db().insert(webhookEndpoints).values({ websiteId, url: 'https://169.254.169.254/latest/meta-data/', topics: ['order.placed'], secret: 'whsec_legacy_test_secret_value_0000' }).returning()
    expect(await sendTest(legacy!.id)).toMatchObject({ delivered: false, status: null, message: expect.stringMatching(/^The test event was not sent: The address of the webhook receiver must be on the public internet/) })
  })

  test('a fulfilment member gets 403 and another store’s manager 404: no event is sent', async () => {
    const { endpoint } = await endpointAt(`${base}/guarded`)
    const fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    const stranger = await staffContext((await createWebsite()).id, { role: 'store_manager' })
    expect((await refusal(sendTest(endpoint.id, fulfilment))).code).toBe('forbidden')
    expect((await refusal(sendTest(endpoint.id, stranger))).code).toBe('not_found')
    expect(received.filter((entry) => entry.path === '/guarded')).toEqual([])
  })
})
