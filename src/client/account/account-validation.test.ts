import { describe, expect, test } from 'vitest'
import {
  addressPayload,
  checkAddress,
  checkEmail,
  checkName,
  checkNewPassword,
  checkPassword,
  checkRepeatedPassword,
  collectErrors,
} from './account-validation'

describe('account form checks', () => {
  test('an email address must be there and look like one', () => {
    expect(checkEmail('')).toBe('emailRequired')
    expect(checkEmail('   ')).toBe('emailRequired')
    expect(checkEmail('ann')).toBe('emailInvalid')
    expect(checkEmail('ann@example')).toBe('emailInvalid')
    expect(checkEmail('ann @example.com')).toBe('emailInvalid')
    expect(checkEmail('ann@@example.com')).toBe('emailInvalid')
    expect(checkEmail('ann@example..com')).toBe('emailInvalid')
    expect(checkEmail(' ann.lee+store@mail.example.co.uk ')).toBeNull()
  })

  test('a new password has 8 to 128 characters and nothing else is required of it', () => {
    expect(checkNewPassword('')).toBe('passwordRequired')
    expect(checkNewPassword('1234567')).toBe('passwordTooShort')
    expect(checkNewPassword('12345678')).toBeNull()
    expect(checkNewPassword('lowercase only words')).toBeNull()
    expect(checkNewPassword('x'.repeat(128))).toBeNull()
    expect(checkNewPassword('x'.repeat(129))).toBe('passwordTooLong')
  })

  test('signing in only needs a password typed, whatever its length', () => {
    expect(checkPassword('')).toBe('passwordRequired')
    expect(checkPassword('short')).toBeNull()
  })

  test('the repeated password must match exactly', () => {
    expect(checkRepeatedPassword('correct horse', 'correct horse')).toBeNull()
    expect(checkRepeatedPassword('correct horse', 'correct horse ')).toBe('passwordsDiffer')
  })

  test('a name is required and kept reasonable', () => {
    expect(checkName('  ')).toBe('nameRequired')
    expect(checkName('Ann Lee')).toBeNull()
    expect(checkName('x'.repeat(121))).toBe('nameTooLong')
  })

  test('collecting the results keeps only the fields with a problem', () => {
    expect(collectErrors({ email: checkEmail('ann'), password: checkNewPassword('long enough') })).toEqual({ email: 'emailInvalid' })
  })
})

describe('address form checks', () => {
  const countries = [
    { id: 1, states: [{ id: 44 }, { id: 45 }] },
    { id: 2, states: [] },
  ]
  const filled = { name: 'Ann Lee', phone: '', street: '1 Congress Ave', street2: '', city: 'Austin', countryId: '1', stateId: '44', zip: '78701' }

  test('a complete address passes', () => {
    expect(checkAddress(filled, countries)).toEqual({})
    expect(checkAddress({ ...filled, countryId: '2', stateId: '' }, countries)).toEqual({})
  })

  test('name, street, city and ZIP are needed, blanks count as missing', () => {
    expect(checkAddress({ ...filled, name: ' ', street: '', city: '\t', zip: '' }, countries)).toEqual({
      name: 'nameRequired',
      street: 'streetRequired',
      city: 'cityRequired',
      zip: 'zipRequired',
    })
  })

  test('a country the store ships to is needed, and a state of it when it has states', () => {
    expect(checkAddress({ ...filled, countryId: '', stateId: '' }, countries)).toEqual({ countryId: 'countryRequired' })
    expect(checkAddress({ ...filled, countryId: '99' }, countries)).toEqual({ countryId: 'countryRequired' })
    expect(checkAddress({ ...filled, stateId: '' }, countries)).toEqual({ stateId: 'stateRequired' })
    expect(checkAddress({ ...filled, countryId: '1', stateId: '7' }, countries)).toEqual({ stateId: 'stateRequired' })
  })

  test('a store without shipping countries asks for none', () => {
    expect(checkAddress({ ...filled, countryId: '', stateId: '' }, [])).toEqual({})
  })

  test('the payload is trimmed, with ids as numbers and none as null', () => {
    expect(addressPayload({ ...filled, name: ' Ann Lee ', street2: '  ', countryId: '2', stateId: '' })).toEqual({
      name: 'Ann Lee',
      phone: '',
      street: '1 Congress Ave',
      street2: '',
      city: 'Austin',
      countryId: 2,
      stateId: null,
      zip: '78701',
    })
  })
})
