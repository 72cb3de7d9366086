import { and, asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { AccountPartner } from '@/isomorphic/account-types'
import type { AccountAddress, AddressType } from '@/isomorphic/contract/address'
import type { Executor } from '../db/client'
import { prepared } from '../db/prepared'
import { nextRenewal } from '@/isomorphic/allowance-periods'
import { addresses, allowancePrograms, countries, partners, states } from '../db/schema'
import { fromCents } from '../kernel/money'
import { resaleCertificateView } from '../tax/resale-certificate'

// Reads of the signed-in partner and its address books. Every read is scoped by the partner id
// the session gives; nothing here takes a partner id from the request.

const countryOfAddress = alias(countries, 'address_country')
const stateOfAddress = alias(states, 'address_state')

/** The partner's addresses (one book, or both), defaults first, then oldest first. */
const addressSelection = (db: Executor) =>
  db
    .select({ address: addresses, country: countryOfAddress.code, state: stateOfAddress.code })
    .from(addresses)
    .leftJoin(countryOfAddress, eq(countryOfAddress.id, addresses.countryId))
    .leftJoin(stateOfAddress, eq(stateOfAddress.id, addresses.stateId))
    .$dynamic()
const addressesQuery = (db: Executor) =>
  prepared(db, 'partner_addresses', () => addressSelection(db).where(eq(addresses.partnerId, sql.placeholder('partnerId'))).orderBy(asc(addresses.id)))
const addressBookQuery = (db: Executor) =>
  prepared(db, 'partner_address_book', () =>
    addressSelection(db)
      .where(and(eq(addresses.partnerId, sql.placeholder('partnerId')), eq(addresses.addressType, sql.placeholder('addressType'))))
      .orderBy(asc(addresses.id)),
  )

export async function listPartnerAddresses(db: Executor, partnerId: number, addressType?: AddressType): Promise<AccountAddress[]> {
  const rows = addressType ? await addressBookQuery(db).execute({ partnerId, addressType }) : await addressesQuery(db).execute({ partnerId })
  const list = rows.map(({ address, country, state }) => toAccountAddress(address, country, state))
  return list.sort((a, b) => Number(isDefault(b)) - Number(isDefault(a)))
}

function isDefault(address: AccountAddress): boolean {
  return address.addressType === 'Billing' ? address.isDefaultBilling : address.isDefaultShipping
}

export function toAccountAddress(row: typeof addresses.$inferSelect, country: string | null, state: string | null): AccountAddress {
  return {
    id: row.id,
    addressType: row.addressType,
    name: row.name,
    phone: row.phone,
    street: row.street,
    street2: row.street2,
    city: row.city,
    zip: row.zip,
    countryId: row.countryId,
    stateId: row.stateId,
    country,
    state,
    isDefaultBilling: row.isDefaultBilling,
    isDefaultShipping: row.isDefaultShipping,
  }
}

const profileQuery = (db: Executor) =>
  prepared(db, 'partner_profile', () =>
    // store-scope: partnerId is the signed-in shopper's, bound to this store by the session
    db
      .select({
        partner: partners,
        address: addresses,
        country: countryOfAddress.code,
        state: stateOfAddress.code,
        program: { period: allowancePrograms.period, startsOn: allowancePrograms.startsOn },
      })
      .from(partners)
      .leftJoin(allowancePrograms, and(eq(allowancePrograms.groupId, partners.groupId), eq(allowancePrograms.websiteId, partners.websiteId), eq(allowancePrograms.isActive, true)))
      .leftJoin(addresses, eq(addresses.partnerId, partners.id))
      .leftJoin(countryOfAddress, eq(countryOfAddress.id, addresses.countryId))
      .leftJoin(stateOfAddress, eq(stateOfAddress.id, addresses.stateId))
      .where(and(eq(partners.id, sql.placeholder('partnerId')), eq(partners.isActive, true)))
      .orderBy(asc(addresses.id)),
  )

/**
 * The signed-in partner with both address books; null when the account is gone or disabled. One
 * statement (the partner joined to its addresses): getPartner is the most frequent signed-in call.
 */
export async function getPartnerProfile(db: Executor, partnerId: number, now: Date = new Date()): Promise<AccountPartner | null> {
  const rows = await profileQuery(db).execute({ partnerId })
  const partner = rows[0]?.partner
  if (!partner) return null
  const program = rows[0]?.program
  const renewsOn = program && partner.budgetAmount !== null ? nextRenewal(program, now) : null
  const book = rows
    .flatMap(({ address, country, state }) => (address ? [toAccountAddress(address, country, state)] : []))
    .sort((a, b) => Number(isDefault(b)) - Number(isDefault(a)))
  return {
    id: partner.id,
    uid: partner.uid,
    name: partner.name,
    email: partner.email,
    phone: partner.phone,
    budgetAmount: partner.budgetAmount === null ? null : fromCents(partner.budgetAmount),
    budgetRenewsAt: renewsOn,
    canApproveOrders: partner.canApproveOrders,
    groupId: partner.groupId,
    resaleCertificate: resaleCertificateView(partner),
    billingAddress: book.filter((address) => address.addressType === 'Billing'),
    shippingAddress: book.filter((address) => address.addressType === 'Shipping'),
  }
}

/** Emails are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}
