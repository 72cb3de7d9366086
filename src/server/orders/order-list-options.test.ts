import { describe, expect, test } from 'vitest'
import { createDecorationPartner } from '../../../tests/factories/catalog'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { decorationPartnerContext, staffContext } from '../../../tests/support/staff'
import { executeAdminQuery } from '../api/admin-registry'

// What the console's order screens offer to choose from (issue 15): the member's stores and the
// decoration partners.

describe.each(testDatabaseKinds())('orderListOptions on %s', (kind) => {
  useTestDatabase(kind)

  test('a store manager is offered their stores only; an owner every store; both every decoration partner', async () => {
    const north = await createWebsite({ name: 'North Store' })
    const south = await createWebsite({ name: 'South Store' })
    const west = await createWebsite({ name: 'West Store' })
    const partner = await createDecorationPartner()

    const manager = await staffContext(north.id, { role: 'store_manager', storeIds: [south.id, north.id] })
    const offered = (await executeAdminQuery('orderListOptions', {}, manager)) as { stores: { id: number; name: string }[]; decorationPartners: { id: number }[] }
    expect(offered.stores.map((store) => store.name)).toEqual(['North Store', 'South Store'])
    expect(offered.decorationPartners.map((each) => each.id)).toContain(partner.id)

    const owner = await staffContext(north.id, { role: 'owner' })
    const all = (await executeAdminQuery('orderListOptions', {}, owner)) as { stores: { id: number }[] }
    expect(all.stores.map((store) => store.id)).toEqual(expect.arrayContaining([north.id, south.id, west.id]))
  })

  test('a decoration partner’s member is signed in but not staff: 403', async () => {
    const website = await createWebsite()
    const member = await decorationPartnerContext(website.id, (await createDecorationPartner()).id)
    expect(await refusal(executeAdminQuery('orderListOptions', {}, member))).toMatchObject({ code: 'forbidden' })
  })
})
