import { describe, expect, test } from 'vitest'
import { ADMIN_MUTATION_INPUTS } from '@/isomorphic/contract/admin'
import { AdminApiError } from './admin-api'
import { SOMETHING_WENT_WRONG, checkWithContract, failureOf, failureOfIssues, fieldNamesOf, fieldOfPath, sentence } from './form-failure'

const customerFields = ['name', 'groupId', 'canApproveOrders', 'allowanceAmount', 'certificateNumber', 'certificateExpiresOn']
const certificateFields = { 'resaleCertificate.number': 'certificateNumber', 'resaleCertificate.expiresOn': 'certificateExpiresOn' }

describe('where a problem is shown', () => {
  test('a contract path lands on the form field of the same name', () => {
    expect(fieldOfPath('name', customerFields)).toBe('name')
  })

  test('a nested path lands on the field the form names for it', () => {
    expect(fieldOfPath('resaleCertificate.number', customerFields, certificateFields)).toBe('certificateNumber')
  })

  test('a path deeper than any field lands on its nearest field', () => {
    expect(fieldOfPath('lines.2.quantity', ['lines'])).toBe('lines')
    expect(fieldOfPath('address.zip', ['address', 'address.zip'])).toBe('address.zip')
  })

  test('a path no field takes belongs to the form', () => {
    expect(fieldOfPath('websiteId', customerFields)).toBeNull()
    expect(fieldOfPath('', customerFields)).toBeNull()
  })
})

describe('a refusal spread over the form', () => {
  test('each field keeps its first problem as a sentence, and what no field takes is the form’s sentence', () => {
    const failure = failureOfIssues(
      [
        { path: 'name', message: 'must be at most 200 characters' },
        { path: 'name', message: 'is required' },
        { path: 'websiteId', message: 'must be a store id' },
      ],
      customerFields,
    )
    expect(failure.fields).toEqual({ name: 'Must be at most 200 characters.' })
    expect(failure.message).toBe('websiteId must be a store id')
  })

  test('a refusal whose problems all sit at fields has no sentence of its own', () => {
    expect(failureOfIssues([{ path: 'name', message: 'is required.' }], customerFields).message).toBeNull()
  })

  test('messages become sentences without doubling their stop', () => {
    expect(sentence('must be positive')).toBe('Must be positive.')
    expect(sentence('Enter a date!')).toBe('Enter a date!')
  })
})

describe('the contract checks a value in the browser', () => {
  const schema = ADMIN_MUTATION_INPUTS['customers.update']
  const value = { customerId: 7, version: 3, name: 'Pat Lee', groupId: null, canApproveOrders: false, allowanceAmount: null, resaleCertificate: null }

  test('a valid value passes', () => {
    expect(checkWithContract(schema, value, customerFields, certificateFields)).toBeNull()
  })

  test('a bad amount and a too-long certificate number are shown at their fields', () => {
    const failure = checkWithContract(schema, { ...value, allowanceAmount: Number('12,50'), resaleCertificate: { number: 'x'.repeat(101), expiresOn: null } }, customerFields, certificateFields)
    expect(Object.keys(failure?.fields ?? {}).sort()).toEqual(['allowanceAmount', 'certificateNumber'])
    expect(failure?.fields.certificateNumber).toBe('Must be at most 100 characters.')
    expect(failure?.message).toBeNull()
  })

  test('an unknown key the page sent is the form’s sentence, not a field’s', () => {
    const failure = checkWithContract(schema, { ...value, extra: 1 }, customerFields)
    expect(failure?.fields).toEqual({})
    expect(failure?.message).toContain('extra')
  })
})

describe('what a refused call shows', () => {
  test('the server’s sentence, with its field issues in place', () => {
    const error = new AdminApiError('customers.update: value.name is too long', 400, 'invalid', [{ path: 'name', message: 'is too long' }])
    expect(failureOf(error, customerFields)).toEqual({ message: 'customers.update: value.name is too long', conflict: null, fields: { name: 'Is too long.' } })
  })

  test('a stale save carries who changed what', () => {
    const conflict = { kind: 'editConflict', currentVersion: 4, changes: [{ field: 'name', before: 'Pat', after: 'Pat Lee', by: 'Alex Morgan', at: '2026-11-28T08:00:00.000Z' }] }
    const failure = failureOf(new AdminApiError('Someone else saved this customer since you opened it.', 409, 'conflict', [], conflict), customerFields)
    expect(failure.conflict).toEqual(conflict)
    expect(failure.message).toBe('Someone else saved this customer since you opened it.')
  })

  test('anything else is the console’s one fallback sentence', () => {
    expect(failureOf(new TypeError('x is undefined'))).toEqual({ message: SOMETHING_WENT_WRONG, conflict: null, fields: {} })
  })
})

test('a form’s field names are its keys, nested records as dotted names', () => {
  expect(fieldNamesOf({ name: '', address: { zip: '', city: '' }, tags: ['a'], on: true })).toEqual(['name', 'address', 'address.zip', 'address.city', 'tags', 'on'])
})
