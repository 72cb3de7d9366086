import { describe, expect, test } from 'vitest'
import { normalizeUsZip, stateForZip, zipFitsState } from './us-zip-states'

describe('US ZIP codes', () => {
  test('accepts 5 digits and ZIP+4, with or without the hyphen', () => {
    expect(normalizeUsZip('80202')).toBe('80202')
    expect(normalizeUsZip(' 80202-1234 ')).toBe('80202-1234')
    expect(normalizeUsZip('802021234')).toBe('80202-1234')
  })

  test.each(['8020', '802021', '80202-12', 'ABCDE', '80202 1234', ''])('refuses %j', (zip) => {
    expect(normalizeUsZip(zip)).toBeNull()
  })

  test('knows which state a ZIP belongs to by its first three digits', () => {
    expect(zipFitsState('80202', 'CO')).toBe(true)
    expect(zipFitsState('10001', 'NY')).toBe(true)
    expect(zipFitsState('06390', 'NY')).toBe(true) // Fishers Island
    expect(zipFitsState('02108', 'MA')).toBe(true) // leading zero
    expect(zipFitsState('20001', 'DC')).toBe(true)
    expect(zipFitsState('73301', 'TX')).toBe(true)
    expect(zipFitsState('80202', 'NY')).toBe(false)
    expect(zipFitsState('10001', 'co')).toBe(false)
    expect(zipFitsState('73301', 'OK')).toBe(false)
  })

  test('does not judge states it does not know', () => {
    expect(zipFitsState('12345', 'ZZ')).toBe(true)
  })
})

describe('the state a ZIP code is in (for an estimate that asks only the ZIP)', () => {
  test('a ZIP whose prefix belongs to one state gives that state', () => {
    expect(stateForZip('80202')).toBe('CO')
    expect(stateForZip('84101')).toBe('UT')
    expect(stateForZip('10001-1234')).toBe('NY')
  })

  test('a ZIP the table cannot place gives no state', () => {
    expect(stateForZip('ABCDE')).toBeNull()
    expect(stateForZip('80')).toBeNull()
  })
})
