import { describe, expect, test } from 'vitest'
import { createCountryLookup } from './country-lookup'

const lookup = createCountryLookup([
  { id: 233, code: 'US', name: 'United States', states: [{ id: 10, code: 'CA', name: 'California' }, { id: 11, code: 'NY', name: 'New York' }] },
  { id: 39, code: 'CA', name: 'Canada', states: [{ id: 20, code: 'ON', name: 'Ontario' }, { id: 21, code: 'NY', name: 'Not York' }] },
])

describe('country lookup', () => {
  test('finds a country id from its code and a code from its id', () => {
    expect(lookup.countryId('US')).toBe(233)
    expect(lookup.countryCode(39)).toBe('CA')
    expect(lookup.country('ca')?.name).toBe('Canada')
    expect(lookup.country(233)?.code).toBe('US')
  })

  test('finds a state id from its code within the country given by id or code', () => {
    expect(lookup.stateId('US', 'NY')).toBe(11)
    expect(lookup.stateId(39, 'ny')).toBe(21)
    expect(lookup.stateId('US', 'ON')).toBeUndefined()
  })

  test('finds a state code and its country from the state id', () => {
    expect(lookup.stateCode(20)).toBe('ON')
    expect(lookup.state(10)).toEqual({ id: 10, code: 'CA', name: 'California', countryId: 233 })
  })

  test('answers undefined for what it does not know', () => {
    expect(lookup.countryId('FR')).toBeUndefined()
    expect(lookup.countryCode(1)).toBeUndefined()
    expect(lookup.stateId('FR', 'IDF')).toBeUndefined()
    expect(lookup.stateCode(999)).toBeUndefined()
  })
})
