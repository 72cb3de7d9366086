import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createCheckoutStore, guestContext, orderBody, signedInCustomer, type CheckoutStore } from '../../../../tests/factories/orders'
import { createPaymentMethod } from '../../../../tests/factories/store-settings'
import { recordQueries } from '../../../../tests/setup/query-count'
import { testDatabaseKinds, useTestDatabase } from '../../../../tests/setup/test-db'
import { forgetSigningKey } from '../../accounts/signing-key'
import { createMemoryRateLimiter, useRateLimiter } from '../../cache/rate-limiter'
import type { CoreContext } from '../../kernel/context'
import { getOrderId } from '../order-reference'
import { createOrder } from '../order-service'

// P4 (shared/design/performance.md): placing an order costs round trips to the database, one after
// another, so their number is what the figure rests on. The count of createOrder's statements is
// pinned here, by name, so a step that adds one shows up as this test's diff rather than as a
// slower bench weeks later. The order is the second of its caller, so the store's cached reads
// (catalog, store directory) are warm, as they are on a running server. PGlite runs the
// transaction without a BEGIN and COMMIT of drizzle's own, PostgreSQL with them.

const READS_BEFORE_THE_TRANSACTION = [
  'the reference: the store takes guests, the reservation, an order already made from it',
  'the shipping countries of the store',
  'the states of the country',
  'the payment method',
  "the store's order fields",
  'the delivery method',
  'the promotions',
  "the store's tax service",
  'the tax rates',
]
const GUEST_TRANSACTION = ['the order', 'its lines', "the timeline's 'placed' event"]

describe.each(testDatabaseKinds())('the statements of createOrder on %s', (kind) => {
  useTestDatabase(kind)
  let store: CheckoutStore
  let bankTransfer: Awaited<ReturnType<typeof createPaymentMethod>>
  const beginAndCommit = kind === 'postgres' ? 2 : 0

  beforeAll(async () => {
    forgetSigningKey()
    store = await createCheckoutStore()
    bankTransfer = await createPaymentMethod({ websiteId: store.websiteId, name: 'Bank transfer', provider: 'wire_transfer', sequence: 6 })
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  async function statementsOfAnOrder(ctx: CoreContext): Promise<string[]> {
    const place = async () => {
      const { orderSequence } = await getOrderId(ctx)
      return recordQueries(() => createOrder(ctx, orderBody(store, orderSequence, { aquirerId: bankTransfer.id }) as never))
    }
    await place()
    const { result, statements } = await place()
    expect(result).toMatchObject({ state: 'draft', paymentState: 'pending', approvalState: 'not_required' })
    return statements
  }

  test("a guest's order paid by bank transfer: nine reads, then the order, its lines and its event in one transaction", async () => {
    const statements = await statementsOfAnOrder(guestContext(store.websiteId))
    expect(statements, statements.join('\n')).toHaveLength(READS_BEFORE_THE_TRANSACTION.length + GUEST_TRANSACTION.length + beginAndCommit)
  })

  test("a signed-in partner's order without a budget: two reads of the partner more, and the budget looked at under lock", async () => {
    const { ctx } = await signedInCustomer(store.websiteId)
    const statements = await statementsOfAnOrder(ctx)
    const partnerReads = ['the partner: name, email, budget', "the partner's customer group"]
    expect(statements, statements.join('\n')).toHaveLength(READS_BEFORE_THE_TRANSACTION.length + partnerReads.length + GUEST_TRANSACTION.length + 1 + beginAndCommit)
  })
})
