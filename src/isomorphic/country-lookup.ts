import type { WebsiteCountry, WebsiteState } from './catalog-types'

/**
 * Both-way lookups between ids and codes of the website's shipping countries and their states
 * (spec 3). Codes match case-insensitively; a state code is only unique within its country.
 */
export type CountryLookup = {
  countryId(code: string): number | undefined
  countryCode(id: number): string | undefined
  country(idOrCode: number | string): WebsiteCountry | undefined
  /** The state's id from its code within a country given by id or code. */
  stateId(country: number | string, stateCode: string): number | undefined
  stateCode(stateId: number): string | undefined
  state(stateId: number): (WebsiteState & { countryId: number }) | undefined
}

const key = (code: string) => code.trim().toUpperCase()

export function createCountryLookup(countries: readonly WebsiteCountry[]): CountryLookup {
  const byId = new Map<number, WebsiteCountry>()
  const byCode = new Map<string, WebsiteCountry>()
  const statesById = new Map<number, WebsiteState & { countryId: number }>()
  const stateIdsByCountry = new Map<number, Map<string, number>>()

  for (const country of countries) {
    byId.set(country.id, country)
    byCode.set(key(country.code), country)
    const codes = new Map<string, number>()
    for (const state of country.states) {
      statesById.set(state.id, { ...state, countryId: country.id })
      codes.set(key(state.code), state.id)
    }
    stateIdsByCountry.set(country.id, codes)
  }

  const country = (idOrCode: number | string) =>
    typeof idOrCode === 'number' ? byId.get(idOrCode) : byCode.get(key(idOrCode))

  return {
    countryId: (code) => byCode.get(key(code))?.id,
    countryCode: (id) => byId.get(id)?.code,
    country,
    stateId: (countryRef, stateCode) => {
      const found = country(countryRef)
      return found ? stateIdsByCountry.get(found.id)?.get(key(stateCode)) : undefined
    },
    stateCode: (stateId) => statesById.get(stateId)?.code,
    state: (stateId) => statesById.get(stateId),
  }
}
