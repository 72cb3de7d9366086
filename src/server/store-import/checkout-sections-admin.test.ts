import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { CheckoutAdminMutationResponses, CheckoutAdminQueryResponses } from '@/isomorphic/contract/admin-checkout'
import { KEPT_SECRET } from '@/isomorphic/contract/admin-checkout'
import { isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { createWebsite } from '../../../tests/factories/website'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { readExtraFields } from '../checkout/order-extra-fields'
import { auditLog, taxCredentials } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { listPaymentMethods } from '../payments/payment-methods-service'

// The checkout's settings in the console (issue 16): each section is saved whole through the store
// import's writer for it (so a method left out is turned off, never deleted), checked by the store
// file's schema, guarded by the fingerprint of what was opened, and audited; the tax service's
// secrets are kept when the form leaves them as KEPT_SECRET and never read back.

type Q = CheckoutAdminQueryResponses
type M = CheckoutAdminMutationResponses

describe.each(testDatabaseKinds())('checkout settings in the console on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let manager: CoreContext
  let colleague: CoreContext
  let fulfilment: CoreContext
  let otherManager: CoreContext

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    manager = await staffContext(websiteId, { role: 'store_manager' })
    colleague = await staffContext(websiteId, { role: 'store_manager', email: `colleague-${Date.now()}@example.test` })
    fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    otherManager = await staffContext((await createWebsite()).id, { role: 'store_manager' })
  })

  const read = (ctx = manager) => executeAdminQuery('checkout.sections', { websiteId }, ctx) as Promise<Q['checkout.sections']>
  const save = (section: unknown, fingerprint: string, ctx = manager) =>
    executeAdminMutation('checkout.saveSection', { websiteId, fingerprint, section } as never, ctx) as Promise<M['checkout.saveSection']>

  test('payment methods saved in the console are the checkout’s, and one left out is turned off', async () => {
    const opened = await read()
    const saved = await save(
      {
        name: 'payments',
        value: {
          paymentMethods: [
            { name: 'Bank transfer', provider: 'wire_transfer', instructions: 'IBAN on the invoice', sequence: 1 },
            { name: 'Purchase order', provider: 'purchase_order', sequence: 2 },
          ],
        },
      },
      opened.payments.fingerprint,
    )
    expect(saved.payments.value.paymentMethods.map((method) => [method.name, method.guests])).toEqual([
      ['Bank transfer', true],
      ['Purchase order', false],
    ])
    expect((await listPaymentMethods({ websiteId })).map((method) => method.name)).toEqual(['Bank transfer', 'Purchase order'])

    const fewer = await save({ name: 'payments', value: { paymentMethods: [{ name: 'Bank transfer', provider: 'wire_transfer', sequence: 1 }] } }, saved.payments.fingerprint)
    expect(fewer.payments.value.paymentMethods.find((method) => method.name === 'Purchase order')?.active).toBe(false)
    expect((await listPaymentMethods({ websiteId })).map((method) => method.name)).toEqual(['Bank transfer'])
  })

  test('a bank transfer’s bank details saved in the console are read back as saved; an IBAN with wrong check digits, or details on a card method, are refused at their field', async () => {
    const bankDetails = { accountHolder: 'Granite Ridge GmbH', bankName: 'Beispielbank Köln', accountNumber: 'DE89 3704 0044 0532 0130 00', routingCode: 'COBADEFFXXX' }
    const opened = await read()
    const saved = await save({ name: 'payments', value: { paymentMethods: [{ name: 'Bank transfer', provider: 'wire_transfer', bankDetails, sequence: 1 }] } }, opened.payments.fingerprint)
    expect(saved.payments.value.paymentMethods[0]?.bankDetails).toEqual(bankDetails)
    expect((await read()).payments.value.paymentMethods[0]?.bankDetails).toEqual(bankDetails)

    const wrongIban = await refusal(
      save({ name: 'payments', value: { paymentMethods: [{ name: 'Bank transfer', provider: 'wire_transfer', bankDetails: { ...bankDetails, accountNumber: 'DE88 3704 0044 0532 0130 00' }, sequence: 1 }] } }, saved.payments.fingerprint),
    )
    expect(wrongIban.code).toBe('invalid')
    expect(wrongIban.message).toMatch(/accountNumber.*not a valid IBAN: its check digits do not match/)
    const onCard = await refusal(save({ name: 'payments', value: { paymentMethods: [{ name: 'Card', provider: 'stripe', bankDetails, sequence: 1 }] } }, saved.payments.fingerprint))
    expect(onCard.message).toMatch(/bankDetails.*only for a bank transfer/)
    const noHolder = await refusal(save({ name: 'payments', value: { paymentMethods: [{ name: 'Bank transfer', provider: 'wire_transfer', bankDetails: { ...bankDetails, accountHolder: ' ' }, sequence: 1 }] } }, saved.payments.fingerprint))
    expect(noHolder.message).toMatch(/accountHolder.*must name the account holder/)
  })

  test('a section saved since it was opened is a 409 naming who changed what, and nothing is written', async () => {
    const opened = await read()
    await save({ name: 'orderFields', value: { orderExtraFields: [{ name: 'cost_center', label: 'Cost center', type: 'text', required: true }], orderOptions: [] } }, opened.orderFields.fingerprint, colleague)
    const error = await refusal(save({ name: 'orderFields', value: { orderExtraFields: [], orderOptions: [{ name: 'gift_wrap', label: 'Gift wrap', price: 4 }] } }, opened.orderFields.fingerprint))
    expect(error.code).toBe('conflict')
    expect(error.userMessage).toMatch(/The order fields and options were changed by colleague-\d+@example\.test since you opened them/)
    expect(isEditConflictData(error.data)).toBe(true)
    expect((await readExtraFields(db(), websiteId)).map((field) => field.name)).toEqual(['cost_center'])
  })

  test('the store file’s rules refuse a select field without options, naming the field', async () => {
    const opened = await read()
    const error = await refusal(save({ name: 'orderFields', value: { orderExtraFields: [{ name: 'department', label: 'Department', type: 'select' }], orderOptions: [] } }, opened.orderFields.fingerprint))
    expect(error.code).toBe('invalid')
    expect(error.message).toMatch(/orderExtraFields\[0\]\.options|a select field needs at least one option/)
  })

  test('tax secrets are kept when left as KEPT_SECRET, never read back and never audited', async () => {
    const secret = 'avatax-token-that-must-not-leak'
    const opened = await read()
    const saved = await save({ name: 'tax', value: { tax: { taxname: 'avatax', url: 'https://sandbox-rest.avatax.com', token: secret, companycode: 'GRANITE' } } }, opened.tax.fingerprint)
    expect(saved.tax.value.tax).toMatchObject({ taxname: 'avatax', token: KEPT_SECRET, companycode: 'GRANITE' })
    const again = await save({ name: 'tax', value: { tax: { ...saved.tax.value.tax!, companycode: 'GRANITE-2' } } }, saved.tax.fingerprint)
    expect(again.tax.value.tax?.companycode).toBe('GRANITE-2')
    const [row] = await db().select().from(taxCredentials).where(eq(taxCredentials.websiteId, websiteId))
    expect(row?.token).toBe(secret)
    expect(JSON.stringify(await read())).not.toContain(secret)
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityType, 'checkout_section')).orderBy(asc(auditLog.id))
    expect(JSON.stringify(audit)).not.toContain(secret)
  })

  test('keeping a tax secret the store does not have is refused with a sentence', async () => {
    const store = (await createWebsite()).id
    const owner = await staffContext(store)
    const opened = (await executeAdminQuery('checkout.sections', { websiteId: store }, owner)) as Q['checkout.sections']
    const error = await refusal(
      executeAdminMutation('checkout.saveSection', { websiteId: store, fingerprint: opened.tax.fingerprint, section: { name: 'tax', value: { tax: { taxname: 'avatax', token: KEPT_SECRET } } } }, owner),
    )
    expect(error.message).toMatch(/keeps a secret this store does not have/)
  })

  test('fulfilment is refused with 403 and another store’s manager with 404', async () => {
    expect((await refusal(read(fulfilment))).code).toBe('forbidden')
    expect((await refusal(read(otherManager))).code).toBe('not_found')
    const opened = await read()
    const attempt = (ctx: CoreContext) => save({ name: 'payments', value: { paymentMethods: [] } }, opened.payments.fingerprint, ctx)
    expect((await refusal(attempt(fulfilment))).code).toBe('forbidden')
    expect((await refusal(attempt(otherManager))).code).toBe('not_found')
  })
})
