import { and, count, desc, eq, ne } from 'drizzle-orm'
import type { z } from 'zod'
import type { AccountAddress, AddAddressSchema, AddressType, DeleteAddressSchema } from '@/isomorphic/contract/address'
import type { Database, Executor } from '../db/client'
import { addresses, countries, partners, states, websiteShippingCountries } from '../db/schema'
import { DomainError } from '../kernel/errors'
import { toAccountAddress } from './partner-service'
import type { Principal } from './session-service'

// Writes to the signed-in partner's address books (mutations addAddress, deleteAddress).
// Everything is scoped by the session's partner: a partnerUid or address id of someone else
// answers 404, exactly like one that does not exist (security.md 4.6). Each book (Billing,
// Shipping) that has addresses has exactly one default; the writes that move it run in one
// transaction holding the partner's row, so concurrent writes cannot leave two defaults or none.

export const ADDRESS_BOOK_LIMIT = 50

const addressNotFound = () => new DomainError('not_found', 'address not found for this partner', 'Address not found')

const defaultFlag = (type: AddressType) => (type === 'Billing' ? addresses.isDefaultBilling : addresses.isDefaultShipping)
const flags = (type: AddressType, isDefault: boolean) =>
  type === 'Billing' ? { isDefaultBilling: isDefault, isDefaultShipping: false } : { isDefaultBilling: false, isDefaultShipping: isDefault }
const isDefaultOf = (row: typeof addresses.$inferSelect) => (row.addressType === 'Billing' ? row.isDefaultBilling : row.isDefaultShipping)

function assertOwnBook(principal: Principal, partnerUid: string): void {
  if (partnerUid !== principal.partnerUid) throw addressNotFound()
}

/** The country (one the website ships to) and the state (one of that country's, when it has any). */
async function resolvePlace(db: Executor, websiteId: number, countryId: number, stateId: number | null | undefined) {
  const [country] = await db
    .select({ id: countries.id, code: countries.code })
    .from(countries)
    .innerJoin(websiteShippingCountries, eq(websiteShippingCountries.countryId, countries.id))
    .where(and(eq(countries.id, countryId), eq(websiteShippingCountries.websiteId, websiteId)))
  if (!country) throw new DomainError('invalid', `country ${countryId} is not shipped to`, 'We do not ship to that country. Please choose a country from the list.')
  const countryStates = await db.select({ id: states.id, code: states.code }).from(states).where(eq(states.countryId, country.id))
  if (countryStates.length === 0) {
    if (stateId != null) throw new DomainError('invalid', 'state given for a country without states', 'The chosen country has no states: leave the state empty.')
    return { countryId: country.id, countryCode: country.code, stateId: null, stateCode: null }
  }
  if (stateId == null) throw new DomainError('invalid', 'state missing', 'Please choose a state.')
  const state = countryStates.find((candidate) => candidate.id === stateId)
  if (!state) throw new DomainError('invalid', `state ${stateId} is not in country ${country.id}`, 'That state is not in the chosen country. Please choose the state again.')
  return { countryId: country.id, countryCode: country.code, stateId: state.id, stateCode: state.code }
}

/** Holds the partner's row until the transaction ends: its address writes happen one at a time. */
async function lockPartner(tx: Executor, partnerId: number): Promise<void> {
  // store-scope: partnerId is the signed-in shopper's, bound to this store by the session
  const [row] = await tx.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId)).for('update')
  if (!row) throw addressNotFound()
}

/** Makes the newest address of the book (other than `except`) its default; false when there is none. */
async function promoteNewest(tx: Executor, partnerId: number, type: AddressType, except?: number): Promise<boolean> {
  const [newest] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.partnerId, partnerId), eq(addresses.addressType, type), except ? ne(addresses.id, except) : undefined))
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(1)
  if (!newest) return false
  await tx.update(addresses).set(flags(type, true)).where(eq(addresses.id, newest.id))
  return true
}

async function clearDefault(tx: Executor, partnerId: number, type: AddressType): Promise<void> {
  await tx
    .update(addresses)
    .set(type === 'Billing' ? { isDefaultBilling: false } : { isDefaultShipping: false })
    .where(and(eq(addresses.partnerId, partnerId), eq(addresses.addressType, type), eq(defaultFlag(type), true)))
}

/** addAddress: adds an address to one of the partner's books, or updates one of its addresses (`address.id`). */
export async function saveAddress(db: Database, principal: Principal, input: z.output<typeof AddAddressSchema>): Promise<AccountAddress> {
  assertOwnBook(principal, input.partnerUid)
  const { type, address } = input
  const place = await resolvePlace(db, principal.websiteId, address.countryId, address.stateId)
  const wanted = type === 'Billing' ? address.isDefaultBilling : address.isDefaultShipping
  const fields = {
    name: address.name,
    phone: address.phone,
    street: address.street,
    street2: address.street2,
    city: address.city,
    zip: address.zip,
    countryId: place.countryId,
    stateId: place.stateId,
  }
  const { partnerId } = principal

  const row = await db.transaction(async (tx) => {
    await lockPartner(tx, partnerId)
    const book = and(eq(addresses.partnerId, partnerId), eq(addresses.addressType, type))

    if (address.id == null) {
      const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(addresses).where(book)
      if (total >= ADDRESS_BOOK_LIMIT) {
        throw new DomainError('invalid', 'address book full', `Your ${type} address book is full (${ADDRESS_BOOK_LIMIT} addresses). Please delete one before adding another.`)
      }
      const [current] = await tx.select({ id: addresses.id }).from(addresses).where(and(book, eq(defaultFlag(type), true))).limit(1)
      // The first address of a book (or one added to a book without a default) becomes its default.
      const makeDefault = wanted === true || !current
      if (makeDefault) await clearDefault(tx, partnerId, type)
      const [created] = await tx
        .insert(addresses)
        .values({ partnerId, addressType: type, ...fields, ...flags(type, makeDefault) })
        .returning()
      return created!
    }

    const [existing] = await tx.select().from(addresses).where(and(eq(addresses.id, address.id), eq(addresses.partnerId, partnerId)))
    if (!existing) throw addressNotFound()
    if (existing.addressType !== type) {
      throw new DomainError('invalid', 'address type change', `This address is one of your ${existing.addressType} addresses; add it as a new ${type} address instead.`)
    }
    const wasDefault = isDefaultOf(existing)
    let makeDefault = wanted ?? wasDefault
    if (makeDefault && !wasDefault) await clearDefault(tx, partnerId, type)
    // A book keeps one default: giving it up hands it to the newest other address, if any.
    if (!makeDefault && wasDefault && !(await promoteNewest(tx, partnerId, type, existing.id))) makeDefault = true
    const [updated] = await tx
      .update(addresses)
      .set({ ...fields, ...flags(type, makeDefault) })
      .where(and(eq(addresses.id, existing.id), eq(addresses.partnerId, partnerId)))
      .returning()
    return updated!
  })
  return toAccountAddress(row, place.countryCode, place.stateCode)
}

/** deleteAddress: removes one of the partner's addresses; the book's newest remaining one inherits a lost default. */
export async function removeAddress(db: Database, principal: Principal, input: z.output<typeof DeleteAddressSchema>): Promise<{ id: number }> {
  assertOwnBook(principal, input.partnerUid)
  const { partnerId } = principal
  return db.transaction(async (tx) => {
    await lockPartner(tx, partnerId)
    const [removed] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, input.id), eq(addresses.partnerId, partnerId)))
      .returning()
    if (!removed) throw addressNotFound()
    if (isDefaultOf(removed)) await promoteNewest(tx, partnerId, removed.addressType)
    return { id: removed.id }
  })
}

