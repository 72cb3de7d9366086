import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { HowToPay } from '@/isomorphic/bank-transfer'
import type { OrderData, OrderDetailData } from '@/isomorphic/order-types'
import { forgetSigningKey } from '@/server/accounts/signing-key'
import { executeAdminMutation } from '@/server/api/admin-registry'
import { executeMutation } from '@/server/api/mutation-registry'
import { runQuery } from '@/server/api/query-registry'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { buildOrderPdf } from '@/server/documents/order-document-service'
import { backgroundMailSettled } from '@/server/mail/background-mail'
import { useMailSettings } from '@/server/mail/mail-settings'
import { useStripeSettings } from '@/server/payments/stripe-settings'
import { pdfTextRuns } from '../documents/document-test-support'
import { type CheckoutStore, createCheckoutStore, guestContext, orderBody } from '../../../tests/factories/orders'
import { createPaymentMethod } from '../../../tests/factories/store-settings'
import { type SmtpCapture, startSmtpCapture } from '../../../tests/support/smtp-capture'
import { staffContext } from '../../../tests/support/staff'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'

// Issue 27: an order paid by bank transfer tells the shopper how to pay — the store's bank details,
// the amount due and the reference to quote — in its confirmation mail (text and HTML), its PDF and
// its order details, until the store marks it paid; an order paid by card or purchase order does not.

const BANK = { accountHolder: 'Granite Ridge Engineering, Inc.', bankName: 'Front Range Community Bank, Denver CO', accountNumber: '4402118799', routingCode: '107005048' }
// The order body's figure: 72.00 + 9.95 delivery + 6 % SC tax on 72.00.
const DUE = '$86.27'

describe.each(testDatabaseKinds())('paying by bank transfer on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: CheckoutStore
  let smtp: SmtpCapture
  const methods: Record<'transfer' | 'purchaseOrder' | 'card', number> = { transfer: 0, purchaseOrder: 0, card: 0 }

  beforeAll(async () => {
    forgetSigningKey()
    useRateLimiter(createMemoryRateLimiter())
    useStripeSettings({ secretKey: 'sk_test_bank_transfer_suite', webhookSecret: 'whsec_bank_transfer_suite' })
    store = await createCheckoutStore()
    const { websiteId } = store
    methods.transfer = (await createPaymentMethod({ websiteId, name: 'Bank transfer', provider: 'wire_transfer', instructions: 'A transfer takes one business day.', bankDetails: BANK })).id
    methods.purchaseOrder = (await createPaymentMethod({ websiteId, name: 'Purchase order', provider: 'purchase_order', forGuests: true })).id
    methods.card = (await createPaymentMethod({ websiteId, name: 'Card', provider: 'stripe' })).id
    smtp = await startSmtpCapture()
    useMailSettings({ smtpUrl: smtp.url, from: 'Store <store@example.com>', origin: 'https://shop.example.com' })
  })
  afterAll(async () => {
    useMailSettings(null)
    useStripeSettings(null)
    await smtp.close()
  })

  async function place(method: keyof typeof methods) {
    const ctx = guestContext(store.websiteId)
    const email = `${method}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
    const { orderSequence } = await runQuery('getOrderId', undefined, ctx)
    const body = { ...orderBody(store, orderSequence, { aquirerId: methods[method], ...(method === 'purchaseOrder' ? { purchaseOrderNumber: 'PO-4471' } : {}) }), partneremail: email }
    const { order } = ((await executeMutation('createOrder', body, ctx)) as { createOrder: { order: OrderData } }).createOrder
    await backgroundMailSettled()
    const mail = await smtp.waitFor((message) => message.envelopeTo.includes(email))
    return { order, ctx, mail }
  }

  const details = async (order: OrderData) => ((await runQuery('getOrderDetails', { id: order.id, accessToken: order.accessToken }, guestContext(store.websiteId))) as { order: OrderDetailData }).order
  /** The PDF's text, its wrapped lines joined again. */
  const pdfText = async (order: OrderData) => pdfTextRuns((await buildOrderPdf(db(), { orderId: order.id, websiteId: store.websiteId }))!.pdf).join(' ').replace(/\s+/g, ' ')

  const sentence = (reference: string) => `Please transfer ${DUE} to the account below and quote ${reference} as the payment reference.`

  test('the confirmation mail gives the bank details, the amount and the reference to quote, in its text and its HTML', async () => {
    const { order, mail } = await place('transfer')
    expect(mail.text).toContain(sentence(order.name))
    for (const line of ['How to pay by bank transfer', `Account holder: ${BANK.accountHolder}`, `Bank: ${BANK.bankName}`, `Account number: ${BANK.accountNumber}`, `Routing number (ABA): ${BANK.routingCode}`, `Amount: ${DUE}`, `Reference to quote: ${order.name}`, 'A transfer takes one business day.']) {
      expect(mail.text).toContain(line)
    }
    expect(mail.html).toContain('Granite Ridge Engineering, Inc.')
    expect(mail.html).toMatch(new RegExp(`Reference to quote</th><td[^>]*>${order.name}</td>`))
    expect(mail.html).toMatch(new RegExp(`Amount</th><td[^>]*>\\${DUE}</td>`))
  })

  test('the order PDF gives the same block, and says the order awaits the payment', async () => {
    const { order } = await place('transfer')
    const text = await pdfText(order)
    expect(text).toContain('How to pay by bank transfer')
    expect(text).toContain(sentence(order.name))
    for (const value of [BANK.accountHolder, BANK.bankName, BANK.accountNumber, BANK.routingCode, 'Reference to quote', 'A transfer takes one business day.']) expect(text).toContain(value)
    expect(text).toContain('Status: Awaiting your payment (bank transfer)')
  })

  test('an order paid by card or by purchase order carries no bank details, in its mail, its PDF or its details', async () => {
    for (const method of ['card', 'purchaseOrder'] as const) {
      const { order, mail } = await place(method)
      for (const part of [mail.text, mail.html, await pdfText(order)]) {
        expect(part, method).not.toContain('How to pay by bank transfer')
        expect(part, method).not.toContain(BANK.accountNumber)
      }
      expect((await details(order)).howToPay, method).toBeNull()
    }
  })

  test('the order page says how to pay while the transfer is awaited, and no longer once the store marks it paid', async () => {
    const { order, ctx } = await place('transfer')
    await executeMutation('orderPayment', { acquirerId: methods.transfer, orderId: order.id, accessToken: order.accessToken }, ctx)
    const waiting = await details(order)
    expect(waiting.state).toBe('sale')
    expect(waiting.howToPay).toMatchObject<Partial<HowToPay>>({ amount: DUE, reference: order.name, instructions: 'A transfer takes one business day.' })
    expect(waiting.howToPay?.rows.map((row) => row.value)).toEqual([BANK.accountHolder, BANK.bankName, BANK.accountNumber, BANK.routingCode, DUE, order.name])

    const owner = await staffContext(store.websiteId)
    await executeAdminMutation('markOrderPaid', { orderId: order.id, reference: 'WIRE-20260305' }, owner)
    const paid = await details(order)
    expect(paid.paymentState).toBe('paid')
    expect(paid.howToPay).toBeNull()
    const text = await pdfText(order)
    expect(text).not.toContain('How to pay by bank transfer')
    expect(text).toContain('Status: Paid')
  })
})
