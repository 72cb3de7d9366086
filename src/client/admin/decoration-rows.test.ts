import { describe, expect, it } from 'vitest'
import { ADMIN_MUTATION_INPUTS } from '@/isomorphic/contract/admin'
import { checkWithContract } from './form-failure'
import { methodFacts, methodFieldsOf, methodValueOf } from './decoration-rows'

const engraving = { code: 'engraving' as const, name: 'Laser engraving', minWidth: 0.5, minHeight: 1, maxColors: 1, fileTypes: ['svg' as const], setupFee: 17.25, pricePerLocation: 4, version: 3 }

describe('the decoration page’s methods table and panel', () => {
  it('shows a method’s prices as money in the store’s currency, and its limits in words', () => {
    expect(methodFacts(engraving, 'USD')).toEqual({ setupFee: '$17.25', pricePerLocation: '$4.00', colours: '1', smallest: '0.5 × 1 in', files: 'SVG' })
    expect(methodFacts({ ...engraving, maxColors: null, fileTypes: [] }, 'EUR').setupFee).toMatch(/17\.25/)
    expect(methodFacts({ ...engraving, maxColors: null, fileTypes: [] }, 'USD')).toMatchObject({ colours: 'Unlimited', files: 'None' })
  })

  it('opens a method as read, and one not offered yet with its defaults', () => {
    expect(methodFieldsOf('engraving', engraving)).toEqual({ name: 'Laser engraving', setupFee: '17.25', pricePerLocation: '4', maxColors: '1', minWidth: '0.5', minHeight: '1', png: false, svg: true })
    expect(methodFieldsOf('dtg')).toEqual({ name: 'Direct to garment', setupFee: '0', pricePerLocation: '0', maxColors: '', minWidth: '1', minHeight: '1', png: true, svg: true })
  })

  it('sends what was typed as the contract’s value, which the contract accepts', () => {
    const value = methodValueOf({ ...methodFieldsOf('engraving', engraving), setupFee: '12,50', maxColors: '' }, 7, 'engraving', 3)
    expect(value).toEqual({ websiteId: 7, version: 3, code: 'engraving', name: 'Laser engraving', minWidth: 0.5, minHeight: 1, maxColors: null, fileTypes: ['svg'], setupFee: 12.5, pricePerLocation: 4 })
    expect(checkWithContract(ADMIN_MUTATION_INPUTS['decorationMethods.save'], value, ['setupFee'])).toBeNull()
  })

  it('puts an empty setup fee’s problem at the setup fee field', () => {
    const value = methodValueOf({ ...methodFieldsOf('dtg'), setupFee: '' }, 7, 'dtg')
    expect(value).not.toHaveProperty('version')
    const failure = checkWithContract(ADMIN_MUTATION_INPUTS['decorationMethods.save'], value, Object.keys(methodFieldsOf('dtg')))
    expect(Object.keys(failure?.fields ?? {})).toEqual(['setupFee'])
  })
})
