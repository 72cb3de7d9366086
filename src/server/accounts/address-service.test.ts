import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { AccountAddress } from '@/isomorphic/contract/address'
import { addresses } from '@/server/db/schema'
import { createAddress, createPartner } from '../../../tests/factories/accounts'
import { addShippingCountry, createCountry, createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import type { CoreContext } from '../kernel/context'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { ADDRESS_BOOK_LIMIT } from './address-service'
import { startSession } from './session-service'
import { forgetSigningKey } from './signing-key'
import { callerContext } from '../../../tests/support/core-context'

type Account = { id: number; uid: string; ctx: CoreContext }

describe.each(testDatabaseKinds())('address book writes on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let us: Awaited<ReturnType<typeof createCountry>>
  let ca: Awaited<ReturnType<typeof createCountry>>
  let gb: Awaited<ReturnType<typeof createCountry>>
  let mx: Awaited<ReturnType<typeof createCountry>>

  async function signedInPartner(): Promise<Account> {
    const partner = await createPartner({ websiteId })
    const { accessToken } = await startSession(db(), { partnerId: partner.id, websiteId, method: 'password' })
    return {
      id: partner.id,
      uid: partner.uid,
      ctx: callerContext(websiteId, { accessToken, ip: '192.0.2.20' }),
    }
  }

  const home = (overrides: Record<string, unknown> = {}) => ({
    name: 'Jordan Buyer',
    phone: '864-555-0100',
    street: '100 Main Street',
    street2: '',
    city: 'Greenville',
    zip: '29601',
    countryId: us.id,
    stateId: us.states[0]!.id,
    ...overrides,
  })

  async function add(account: Account, type: 'Billing' | 'Shipping', address: Record<string, unknown> = home()): Promise<AccountAddress> {
    const answer = (await executeMutation('addAddress', { address, type, partnerUid: account.uid }, account.ctx)) as { addAddress: { address: AccountAddress } }
    return answer.addAddress.address
  }

  async function book(account: Account, type: 'Billing' | 'Shipping') {
    const { addresses: list } = await runQuery('getAddresses', { filter: { addressType: type, partnerUid: account.uid } }, account.ctx)
    return list
  }

  const defaults = (list: AccountAddress[], type: 'Billing' | 'Shipping') =>
    list.filter((address) => (type === 'Billing' ? address.isDefaultBilling : address.isDefaultShipping)).map((address) => address.id)

  beforeAll(async () => {
    forgetSigningKey()
    websiteId = (await createWebsite()).id
    us = await createCountry({ code: 'US', name: 'United States', states: [{ code: 'SC' }, { code: 'NC' }] })
    ca = await createCountry({ code: 'CA', name: 'Canada', states: [{ code: 'ON' }] })
    gb = await createCountry({ code: 'GB', name: 'United Kingdom' })
    mx = await createCountry({ code: 'MX', name: 'Mexico' })
    for (const country of [us, ca, gb]) await addShippingCountry({ websiteId, countryId: country.id })
  })

  test('adds an address and answers it with its country and state codes; the first of a book becomes its default', async () => {
    const ann = await signedInPartner()
    const first = await add(ann, 'Shipping', home({ street2: 'Suite 4', phone: '' }))
    expect(first).toEqual({
      id: expect.any(Number),
      addressType: 'Shipping',
      name: 'Jordan Buyer',
      phone: null,
      street: '100 Main Street',
      street2: 'Suite 4',
      city: 'Greenville',
      zip: '29601',
      countryId: us.id,
      stateId: us.states[0]!.id,
      country: 'US',
      state: 'SC',
      isDefaultBilling: false,
      isDefaultShipping: true,
    })
    const second = await add(ann, 'Shipping', home({ street: '2 Oak Lane', id: null }))
    expect(second.isDefaultShipping).toBe(false)
    const billing = await add(ann, 'Billing', home({ countryId: gb.id, stateId: null }))
    expect(billing).toMatchObject({ isDefaultBilling: true, isDefaultShipping: false, country: 'GB', state: null })
    expect(defaults(await book(ann, 'Shipping'), 'Shipping')).toEqual([first.id])
  })

  test('asking for a new default clears the old one of that book only', async () => {
    const ben = await signedInPartner()
    const billing = await add(ben, 'Billing')
    const first = await add(ben, 'Shipping')
    const second = await add(ben, 'Shipping', home({ street: '9 Elm Road', isDefaultShipping: true }))
    expect(second.isDefaultShipping).toBe(true)
    expect(defaults(await book(ben, 'Shipping'), 'Shipping')).toEqual([second.id])
    expect(defaults(await book(ben, 'Billing'), 'Billing')).toEqual([billing.id])
    expect((await book(ben, 'Shipping')).map((address) => address.id)).toEqual([second.id, first.id])
  })

  test('updates one of its own addresses by id', async () => {
    const cal = await signedInPartner()
    const first = await add(cal, 'Shipping')
    const second = await add(cal, 'Shipping', home({ street: '2 Oak Lane' }))
    const updated = await add(cal, 'Shipping', home({ id: second.id, street: '3 Oak Lane', countryId: ca.id, stateId: ca.states[0]!.id, isDefaultShipping: true }))
    expect(updated).toMatchObject({ id: second.id, street: '3 Oak Lane', country: 'CA', state: 'ON', isDefaultShipping: true })
    const list = await book(cal, 'Shipping')
    expect(list).toHaveLength(2)
    expect(defaults(list, 'Shipping')).toEqual([second.id])

    // Giving up the default hands it to the newest other address; a lone address keeps it.
    await add(cal, 'Shipping', home({ id: second.id, street: '3 Oak Lane', isDefaultShipping: false }))
    expect(defaults(await book(cal, 'Shipping'), 'Shipping')).toEqual([first.id])
    const billing = await add(cal, 'Billing')
    expect(await add(cal, 'Billing', home({ id: billing.id, isDefaultBilling: false }))).toMatchObject({ isDefaultBilling: true })
  })

  test("partner B can neither read, update nor delete partner A's addresses: 404 and A's row intact", async () => {
    const alice = await signedInPartner()
    const bob = await signedInPartner()
    const hers = await add(alice, 'Shipping')
    const [before] = await db().select().from(addresses).where(eq(addresses.id, hers.id))

    await expect(runQuery('getAddresses', { filter: { addressType: 'Shipping', partnerUid: alice.uid } }, bob.ctx)).rejects.toMatchObject({ code: 'not_found' })
    await expect(executeMutation('addAddress', { address: home({ street: 'Bob was here' }), type: 'Shipping', partnerUid: alice.uid }, bob.ctx)).rejects.toMatchObject({
      code: 'not_found',
    })
    await expect(executeMutation('addAddress', { address: home({ id: hers.id, street: 'Bob was here' }), type: 'Shipping', partnerUid: bob.uid }, bob.ctx)).rejects.toMatchObject({
      code: 'not_found',
      userMessage: 'Address not found',
    })
    await expect(executeMutation('deleteAddress', { id: hers.id, partnerUid: bob.uid }, bob.ctx)).rejects.toMatchObject({ code: 'not_found', userMessage: 'Address not found' })
    await expect(executeMutation('deleteAddress', { id: hers.id, partnerUid: alice.uid }, bob.ctx)).rejects.toMatchObject({ code: 'not_found' })
    // A missing id answers exactly the same.
    await expect(executeMutation('deleteAddress', { id: 2_000_000, partnerUid: bob.uid }, bob.ctx)).rejects.toMatchObject({ code: 'not_found', userMessage: 'Address not found' })

    const [after] = await db().select().from(addresses).where(eq(addresses.id, hers.id))
    expect(after).toEqual(before)
    expect(await book(bob, 'Shipping')).toEqual([])
  })

  test('deletes its own address; deleting the default makes the newest remaining one the default', async () => {
    const dee = await signedInPartner()
    const oldest = await add(dee, 'Billing')
    const middle = await add(dee, 'Billing', home({ street: '2 Oak Lane' }))
    const newest = await add(dee, 'Billing', home({ street: '3 Oak Lane' }))
    expect(await executeMutation('deleteAddress', { id: oldest.id, partnerUid: dee.uid }, dee.ctx)).toEqual({ deleteAddress: { success: true, id: oldest.id } })
    expect(defaults(await book(dee, 'Billing'), 'Billing')).toEqual([newest.id])
    await executeMutation('deleteAddress', { id: middle.id, partnerUid: dee.uid }, dee.ctx)
    expect(defaults(await book(dee, 'Billing'), 'Billing')).toEqual([newest.id])
    await executeMutation('deleteAddress', { id: newest.id, partnerUid: dee.uid }, dee.ctx)
    expect(await book(dee, 'Billing')).toEqual([])
    await expect(executeMutation('deleteAddress', { id: newest.id, partnerUid: dee.uid }, dee.ctx)).rejects.toMatchObject({ code: 'not_found' })
  })

  test('many first addresses at once still leave one default', async () => {
    const eve = await signedInPartner()
    await Promise.all(Array.from({ length: 5 }, (_, i) => add(eve, 'Shipping', home({ street: `${i + 1} Pine Street` }))))
    const list = await book(eve, 'Shipping')
    expect(list).toHaveLength(5)
    expect(defaults(list, 'Shipping')).toHaveLength(1)
  })

  test.each([
    ['a country the store does not ship to', () => home({ countryId: mx.id, stateId: null }), 'We do not ship to that country. Please choose a country from the list.'],
    ['no country', () => home({ countryId: null }), 'addAddress: body.address.countryId is required: choose a country'],
    ['no state where the country has states', () => home({ stateId: null }), 'Please choose a state.'],
    ["another country's state", () => home({ stateId: ca.states[0]!.id }), 'That state is not in the chosen country. Please choose the state again.'],
    ['a state for a country without states', () => home({ countryId: gb.id }), 'The chosen country has no states: leave the state empty.'],
    ['an empty name', () => home({ name: '  ' }), 'addAddress: body.address.name is required: the name on the address'],
    ['a long zip', () => home({ zip: '1'.repeat(21) }), 'addAddress: body.address.zip must be at most 20 characters long'],
    ['a long phone', () => home({ phone: '5'.repeat(31) }), 'addAddress: body.address.phone must be at most 30 characters long'],
    ['a partnerId field', () => home({ partnerId: 1 }), "addAddress: body.address has unknown field 'partnerId'"],
    ['a uid field', () => home({ uid: 'x' }), "addAddress: body.address has unknown field 'uid'"],
  ])('refuses %s with a 400 that says so', async (_what, address, message) => {
    const fay = await signedInPartner()
    await expect(executeMutation('addAddress', { address: address(), type: 'Shipping', partnerUid: fay.uid }, fay.ctx)).rejects.toMatchObject({
      code: 'invalid',
      userMessage: expect.stringContaining(message),
    })
    expect(await book(fay, 'Shipping')).toEqual([])
  })

  test('refuses an unknown address type and moving an address to the other book', async () => {
    const gus = await signedInPartner()
    await expect(executeMutation('addAddress', { address: home(), type: 'Home', partnerUid: gus.uid }, gus.ctx)).rejects.toMatchObject({ code: 'invalid' })
    const shipping = await add(gus, 'Shipping')
    await expect(executeMutation('addAddress', { address: home({ id: shipping.id }), type: 'Billing', partnerUid: gus.uid }, gus.ctx)).rejects.toMatchObject({
      code: 'invalid',
      userMessage: 'This address is one of your Shipping addresses; add it as a new Billing address instead.',
    })
  })

  test(`keeps a book to ${ADDRESS_BOOK_LIMIT} addresses`, async () => {
    const hal = await signedInPartner()
    await db()
      .insert(addresses)
      .values(Array.from({ length: ADDRESS_BOOK_LIMIT }, (_, i) => ({ partnerId: hal.id, addressType: 'Billing' as const, name: 'Hal', street: `${i} Main`, city: 'Greenville', zip: '29601' })))
    await expect(add(hal, 'Billing')).rejects.toMatchObject({
      code: 'invalid',
      userMessage: `Your Billing address book is full (${ADDRESS_BOOK_LIMIT} addresses). Please delete one before adding another.`,
    })
    expect(await add(hal, 'Shipping')).toMatchObject({ isDefaultShipping: true })
  })

  test('needs a signed-in partner', async () => {
    const anonymous = callerContext(websiteId)
    const ivy = await createPartner({ websiteId })
    const hers = await createAddress({ partnerId: ivy.id })
    await expect(executeMutation('addAddress', { address: home(), type: 'Shipping', partnerUid: ivy.uid }, anonymous)).rejects.toMatchObject({ code: 'unauthorized' })
    await expect(executeMutation('deleteAddress', { id: hers.id, partnerUid: ivy.uid }, anonymous)).rejects.toMatchObject({ code: 'unauthorized' })
    expect(await db().select().from(addresses).where(and(eq(addresses.id, hers.id), eq(addresses.partnerId, ivy.id)))).toHaveLength(1)
  })
})
