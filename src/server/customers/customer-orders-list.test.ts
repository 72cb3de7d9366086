import { beforeAll, describe, expect, test } from 'vitest'
import type { CustomerListPage } from '@/isomorphic/contract/admin-customers'
import { createPartner } from '../../../tests/factories/accounts'
import { insertConsoleOrder } from '../../../tests/factories/console-orders'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { staffContext } from '../../../tests/support/staff'
import { executeAdminQuery } from '../api/admin-registry'
import type { CoreContext } from '../kernel/context'

// Issue 26: the Customers page, like Shopify's, says what each customer bought (orders and amount
// spent) and lists the people who bought as guests, by the email of their orders. A quotation or a
// cancelled order is not a purchase; another store's buyers are never listed.

describe.each(testDatabaseKinds())('customers with what they bought, and guest buyers, on %s', (kind) => {
  useTestDatabase(kind)
  let websiteId: number
  let owner: CoreContext
  let run: string

  const list = async (view: Record<string, unknown> = {}) => (await executeAdminQuery('customers.list', { websiteId, ...view }, owner)) as CustomerListPage

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    const other = (await createWebsite()).id
    owner = await staffContext(websiteId, { role: 'owner' })
    run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

    const customer = await createPartner({ websiteId, email: `buyer.${run}@example.test`, name: 'Dana Buyer' })
    await insertConsoleOrder({ websiteId, partnerId: customer.id, partnerEmail: customer.email, amountTotal: 4_500 })
    await insertConsoleOrder({ websiteId, partnerId: customer.id, partnerEmail: customer.email, amountTotal: 1_250 })
    await insertConsoleOrder({ websiteId, partnerId: customer.id, partnerEmail: customer.email, amountTotal: 9_999, state: 'cancel' })
    await insertConsoleOrder({ websiteId, partnerId: customer.id, partnerEmail: customer.email, amountTotal: 9_999, kind: 'quotation', state: 'draft' })

    // One guest twice (the email in another case the second time), another once, and a guest of another store.
    await insertConsoleOrder({ websiteId, partnerId: null, partnerEmail: `robin.${run}@guest.example`, partnerName: 'Robin Guest', amountTotal: 2_000, createdAt: new Date('2026-11-01T10:00:00Z') })
    await insertConsoleOrder({ websiteId, partnerId: null, partnerEmail: `Robin.${run}@Guest.example`, partnerName: 'Robin G. Guest', amountTotal: 3_000, createdAt: new Date('2026-11-20T10:00:00Z') })
    await insertConsoleOrder({ websiteId, partnerId: null, partnerEmail: `kim.${run}@guest.example`, partnerName: 'Kim Walkin', amountTotal: 1_000, createdAt: new Date('2026-11-10T10:00:00Z') })
    await insertConsoleOrder({ websiteId: other, partnerId: null, partnerEmail: `elsewhere.${run}@guest.example`, partnerName: 'Elsewhere Guest', amountTotal: 5_000 })
  })

  test('each customer row says how many orders they placed and what those came to, leaving out quotations and cancelled orders', async () => {
    const page = await list({ q: `buyer.${run}` })
    expect(page.rows.map((row) => [row.name, row.orders, row.spent])).toEqual([['Dana Buyer', 2, 57.5]])
  })

  test('guest buyers are listed once per email (in any case), the most recent first, with their latest name, orders and amount spent', async () => {
    const page = await list()
    const guests = page.guests.filter((guest) => guest.email.includes(run))
    expect(guests.map((guest) => [guest.email, guest.name, guest.orders, guest.spent])).toEqual([
      [`robin.${run}@guest.example`, 'Robin G. Guest', 2, 50],
      [`kim.${run}@guest.example`, 'Kim Walkin', 1, 10],
    ])
    expect(page.guests.some((guest) => guest.email.startsWith('elsewhere.'))).toBe(false)
  })

  test('the search finds guest buyers by the start of their email or name; a filter only accounts have shows none', async () => {
    expect((await list({ q: 'kim walk' })).guests.filter((guest) => guest.email.includes(run)).map((guest) => guest.email)).toEqual([`kim.${run}@guest.example`])
    expect((await list({ q: `robin.${run}` })).guests.map((guest) => guest.orders)).toEqual([2])
    expect((await list({ status: 'active' })).guests).toEqual([])
  })
})
