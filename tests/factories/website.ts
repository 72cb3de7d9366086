import { getDb } from '@/server/db/client'
import { countries, states, websites, websiteShippingCountries } from '@/server/db/schema'
import { nextSequence } from './sequence'

type NewWebsite = typeof websites.$inferInsert

export function buildWebsite(overrides: Partial<NewWebsite> = {}): NewWebsite {
  const n = nextSequence()
  return {
    code: `store-${n}`,
    name: `Acme Team Store ${n}`,
    description: 'Decorated apparel for the Acme team',
    faviconImage: '/images/favicon.png',
    lockBrowsing: 'Disable',
    ...overrides,
  }
}

export async function createWebsite(overrides: Partial<NewWebsite> = {}) {
  const db = await getDb()
  const [website] = await db.insert(websites).values(buildWebsite(overrides)).returning()
  return website!
}

export type CountryInput = { code: string; name?: string; states?: { code: string; name?: string }[] }

/** A country with its states; several calls with one code share the row. */
export async function createCountry({ code, name = code, states: stateInputs = [] }: CountryInput) {
  const db = await getDb()
  const [country] = await db
    .insert(countries)
    .values({ code, name })
    .onConflictDoUpdate({ target: countries.code, set: { name } })
    .returning()
  const stateRows =
    stateInputs.length === 0
      ? []
      : await db
          .insert(states)
          .values(stateInputs.map((state) => ({ countryId: country!.id, code: state.code, name: state.name ?? state.code })))
          .returning()
  return { ...country!, states: stateRows }
}

/** Lets the website ship to the country (website.shippingCountry). */
export async function addShippingCountry({ websiteId, countryId, sequence = 0 }: { websiteId: number; countryId: number; sequence?: number }) {
  const db = await getDb()
  await db.insert(websiteShippingCountries).values({ websiteId, countryId, sequence })
}
