import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { forgetSigningKey } from '@/server/accounts/signing-key'
import { executeMutation } from '@/server/api/mutation-registry'
import { runQuery } from '@/server/api/query-registry'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { mailOutbox } from '@/server/db/schema'
import { backgroundMailSettled } from '@/server/mail/background-mail'
import { useMailSettings } from '@/server/mail/mail-settings'
import type { OrderData } from '@/isomorphic/order-types'
import { type CheckoutStore, createCheckoutStore, guestContext, orderBody } from '../../../tests/factories/orders'
import { type SmtpCapture, startSmtpCapture } from '../../../tests/support/smtp-capture'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'

describe.each(testDatabaseKinds())('order confirmation mails on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: CheckoutStore
  let smtp: SmtpCapture

  beforeAll(async () => {
    forgetSigningKey()
    useRateLimiter(createMemoryRateLimiter())
    store = await createCheckoutStore()
    smtp = await startSmtpCapture()
    useMailSettings({ smtpUrl: smtp.url, from: 'Store <store@example.com>', origin: 'https://shop.example.com' })
  })
  afterAll(async () => {
    useMailSettings(null)
    await smtp.close()
  })

  async function place(email: string, overrides: Record<string, unknown> = {}) {
    const ctx = guestContext(store.websiteId)
    const { orderSequence } = await runQuery('getOrderId', undefined, ctx)
    const body = { ...orderBody(store, orderSequence, overrides), partneremail: email }
    const answer = (await executeMutation('createOrder', body, ctx)) as { createOrder: { order: OrderData } }
    return { order: answer.createOrder.order, body, ctx }
  }

  test('a new order mails its reference, a link that opens it and its PDF, once however often it is retried', async () => {
    const email = `mail-${Date.now()}@example.com`
    const { order, body, ctx } = await place(email)
    await executeMutation('createOrder', body, ctx) // the same checkout retried
    await backgroundMailSettled()

    const mail = await smtp.waitFor((message) => message.envelopeTo.includes(email))
    expect(mail.subject).toContain(order.name)
    expect(mail.text).toContain(`https://shop.example.com/checkout/confirmation?order=${order.id}&access_token=`)
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i)
    expect(mail.raw).toContain(`filename=${order.kind === 'quotation' ? 'Quotation' : 'Order'}-${order.name}.pdf`)
    expect(smtp.messages.filter((message) => message.envelopeTo.includes(email))).toHaveLength(1)

    const [stored] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email))
    expect(stored!.status).toBe('sent')
    expect(stored!.text).not.toContain(order.accessToken)
  })
})
