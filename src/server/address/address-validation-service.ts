import { and, asc, eq, sql } from 'drizzle-orm'
import { CarrierError, type CarrierOptions, NOT_A_VALID_ADDRESS } from '../adapters/carrier-http'
import { validateAddressWithUps } from '../adapters/ups'
import type { Executor } from '../db/client'
import { prepared } from '../db/prepared'
import { countries, deliveryMethods, states, websiteShippingCountries } from '../db/schema'
import type { PostalAddress } from '../kernel/pricing-types'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import type { Address, AddressCheckInput } from '@/isomorphic/contract/address'
import { normalizeUsZip, stateForZip, zipFitsState } from './us-zip-states'

// Address validation (spec 7 /api/address/validation): built-in checks first — the fields a
// shipment needs, a country the website ships to and a state of that country, a US ZIP of the
// right form that belongs to the state — then, when the website has an active UPS method with
// credentials, UPS Address Validation (XAV) for US and PR street addresses. An address that fails a
// check is an answer (valid: false with messages a person can act on), not an error; only UPS
// being unreachable is an error (503): we do not call an address good that we could not check.

export const ADDRESS_CHECK_UNAVAILABLE = 'We could not check the address right now. Please try again in a moment.'
export const ADDRESS_AMBIGUOUS = 'We could not find this exact address. Please check it, or choose one of the suggested addresses.'

export type ValidatedAddress = Omit<Address, 'name'> & { name: string | null; countryCode: string | null; stateCode: string | null }

export type AddressValidationResult = {
  valid: boolean
  /** The address as checked: trimmed, ids and codes both filled in, UPS's spelling when UPS confirmed it. */
  address: ValidatedAddress
  messages: string[]
  /** Addresses UPS suggests when it found several that could be meant. */
  suggestions: ValidatedAddress[]
  /** How the address was checked. */
  checkedBy: 'builtin' | 'ups'
}

export type AddressValidationOptions = { ups?: CarrierOptions }

const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim()
const STREET_LEVEL_COUNTRIES = new Set(['US', 'PR'])

type Place = { countryId: number | null; countryCode: string | null; stateId: number | null; stateCode: string | null }

/** The country (one the website ships to) and the state (one of the country's), with messages for what is wrong. */
async function resolvePlace(db: Executor, websiteId: number, input: AddressCheckInput, messages: string[], estimate = false): Promise<Place> {
  const place: Place = { countryId: null, countryCode: null, stateId: null, stateCode: null }
  const wantedCode = clean(input.countryCode).toUpperCase()
  if (input.countryId == null && !wantedCode) {
    messages.push('Please choose a country.')
    return place
  }
  const shipped = await prepared(db, 'shipping_countries', () =>
    db
      .select({ id: countries.id, code: countries.code })
      .from(countries)
      .innerJoin(websiteShippingCountries, eq(websiteShippingCountries.countryId, countries.id))
      .where(eq(websiteShippingCountries.websiteId, sql.placeholder('websiteId'))),
  ).execute({ websiteId })
  const country = shipped.find((candidate) => (input.countryId != null ? candidate.id === input.countryId : candidate.code.toUpperCase() === wantedCode))
  if (!country) {
    messages.push('We do not ship to that country. Please choose a country from the list.')
    return place
  }
  place.countryId = country.id
  place.countryCode = country.code.toUpperCase()

  const countryStates = await prepared(db, 'country_states', () =>
    db.select({ id: states.id, code: states.code }).from(states).where(eq(states.countryId, sql.placeholder('countryId'))).orderBy(asc(states.code)),
  ).execute({ countryId: country.id })
  const wantedState = clean(input.stateCode).toUpperCase()
  if (countryStates.length === 0) {
    if (input.stateId != null || wantedState) messages.push('The chosen country has no states: leave the state empty.')
    return place
  }
  // An estimate may give a US ZIP without its state: the ZIP says which state it is in.
  const impliedState = estimate && input.stateId == null && !wantedState && place.countryCode === 'US' ? (stateForZip(clean(input.zip)) ?? '') : ''
  if (input.stateId == null && !wantedState && !impliedState) {
    messages.push('Please choose a state.')
    return place
  }
  const stateCode = wantedState || impliedState
  const state = countryStates.find((candidate) => (input.stateId != null ? candidate.id === input.stateId : candidate.code.toUpperCase() === stateCode))
  if (!state) {
    messages.push('That state is not in the chosen country. Please choose the state again.')
    return place
  }
  place.stateId = state.id
  place.stateCode = state.code.toUpperCase()
  return place
}

/** The built-in checks: the address as far as it could be read, and what is wrong with it. */
async function checkBuiltin(db: Executor, websiteId: number, input: AddressCheckInput, estimate = false): Promise<{ address: ValidatedAddress; messages: string[] }> {
  const messages: string[] = []
  const street = clean(input.street)
  const city = clean(input.city)
  let zip = clean(input.zip).toUpperCase()
  // An estimate needs only where the goods go: the country and the ZIP (carriers and tax rates
  // price by them); the street and city are asked at checkout.
  if (!street && !estimate) messages.push('Please enter the street address.')
  if (!city && !estimate) messages.push('Please enter the city.')
  if (!zip) messages.push('Please enter the ZIP or postal code.')
  const place = await resolvePlace(db, websiteId, input, messages, estimate)

  if (zip && place.countryCode === 'US') {
    const usZip = normalizeUsZip(zip)
    if (!usZip) messages.push('Please enter a ZIP code of 5 digits, or ZIP+4 such as 80202-1234.')
    else {
      zip = usZip
      if (place.stateCode && !zipFitsState(usZip, place.stateCode)) {
        messages.push(`The ZIP code ${usZip} is not in ${place.stateCode}. Please check the ZIP code and the state.`)
      }
    }
  }
  const address: ValidatedAddress = {
    name: clean(input.name) || null,
    phone: clean(input.phone) || null,
    street,
    street2: clean(input.street2) || null,
    city,
    zip,
    ...place,
  }
  return { address, messages }
}

/** The website's active UPS method with credentials, when it has one. */
async function upsSettingsFor(db: Executor, websiteId: number) {
  const [method] = await db
    .select({ url: deliveryMethods.url, credentials: deliveryMethods.credentials })
    .from(deliveryMethods)
    .where(and(eq(deliveryMethods.websiteId, websiteId), eq(deliveryMethods.deliveryType, 'ups_rubikx'), eq(deliveryMethods.isActive, true)))
    .orderBy(asc(deliveryMethods.sequence), asc(deliveryMethods.id))
    .limit(1)
  if (!method?.credentials.upsClientId || !method.credentials.upsClientSecret) return null
  return {
    url: method.url,
    clientId: method.credentials.upsClientId,
    clientSecret: method.credentials.upsClientSecret,
    accountNumber: method.credentials.upsAccountNumber,
  }
}

export function toPostalAddress(address: ValidatedAddress): PostalAddress {
  return {
    name: address.name,
    street: address.street,
    street2: address.street2,
    city: address.city,
    stateCode: address.stateCode,
    countryCode: address.countryCode ?? '',
    zip: address.zip,
  }
}

/** A UPS candidate in the shopper's address: UPS's spelling, the shopper's name, phone, country and state. */
function fromCandidate(checked: ValidatedAddress, candidate: PostalAddress): ValidatedAddress {
  return {
    ...checked,
    street: candidate.street || checked.street,
    street2: candidate.street2 ?? null,
    city: candidate.city || checked.city,
    zip: candidate.zip || checked.zip,
  }
}

/** Candidates in the shopper's state (UPS rarely offers others; they would need another state id). */
const inState = (checked: ValidatedAddress) => (candidate: PostalAddress) => !candidate.stateCode || candidate.stateCode.toUpperCase() === checked.stateCode

/** Checks an address for shipping: valid, or the messages that say what to fix. */
export async function validateAddress(
  db: Executor,
  { websiteId, address: input }: { websiteId: number; address: AddressCheckInput },
  options: AddressValidationOptions = {},
): Promise<AddressValidationResult> {
  const { address, messages } = await checkBuiltin(db, websiteId, input)
  if (messages.length > 0) return { valid: false, address, messages, suggestions: [], checkedBy: 'builtin' }
  if (!STREET_LEVEL_COUNTRIES.has(address.countryCode ?? '')) return { valid: true, address, messages: [], suggestions: [], checkedBy: 'builtin' }

  const ups = await upsSettingsFor(db, websiteId)
  if (!ups) return { valid: true, address, messages: [], suggestions: [], checkedBy: 'builtin' }
  try {
    const answer = await validateAddressWithUps(ups, toPostalAddress(address), options.ups)
    if (answer.status === 'valid') {
      const best = answer.candidates.find(inState(address))
      return { valid: true, address: best ? fromCandidate(address, best) : address, messages: [], suggestions: [], checkedBy: 'ups' }
    }
    if (answer.status === 'ambiguous') {
      return { valid: false, address, messages: [ADDRESS_AMBIGUOUS], suggestions: answer.candidates.filter(inState(address)).map((candidate) => fromCandidate(address, candidate)), checkedBy: 'ups' }
    }
    return { valid: false, address, messages: [NOT_A_VALID_ADDRESS], suggestions: [], checkedBy: 'ups' }
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error
    if (error.kind === 'address') return { valid: false, address, messages: [NOT_A_VALID_ADDRESS], suggestions: [], checkedBy: 'ups' }
    logger().warn({ websiteId, kind: error.kind, reason: error.message }, 'UPS address validation failed')
    throw new DomainError('unavailable', `UPS address validation failed: ${error.message}`, ADDRESS_CHECK_UNAVAILABLE)
  }
}

/**
 * The destination for pricing and tax: the built-in checks only (no outside call), as a
 * PostalAddress of codes. Throws DomainError('invalid') with the first thing to fix. For an
 * `estimate` (the cart's) the country and ZIP are enough: a US state comes from the ZIP.
 */
export async function resolveDestination(db: Executor, websiteId: number, input: AddressCheckInput, { estimate = false }: { estimate?: boolean } = {}): Promise<PostalAddress> {
  const { address, messages } = await checkBuiltin(db, websiteId, input, estimate)
  if (messages.length > 0) throw new DomainError('invalid', `address not usable: ${messages.join(' ')}`, messages.join(' '))
  return toPostalAddress(address)
}
