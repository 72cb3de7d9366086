import { describe, expect, test } from 'vitest'
import { sectionForSlug, sectionPath, visibleSections } from './account-sections'

describe('the account area addresses', () => {
  test('/me is the profile and each known slug its section', () => {
    expect(sectionForSlug(undefined)).toBe('profile')
    expect(sectionForSlug([])).toBe('profile')
    expect(sectionForSlug(['addresses'])).toBe('addresses')
    expect(sectionForSlug(['orders'])).toBe('orders')
    expect(sectionForSlug(['gift-cards'])).toBe('giftCards')
    expect(sectionForSlug(['approvals'])).toBe('approvals')
    expect(sectionForSlug(['designs'])).toBe('designs')
  })

  test('any other slug is no section (the page answers 404)', () => {
    expect(sectionForSlug(['settings'])).toBeNull()
    expect(sectionForSlug(['orders', 'extra'])).toBeNull()
    expect(sectionForSlug(['Orders'])).toBeNull()
    expect(sectionForSlug([''])).toBeNull()
    expect(sectionForSlug(['giftCards'])).toBeNull()
  })

  test('each section has its own path', () => {
    expect(sectionPath('profile')).toBe('/me')
    expect(sectionPath('giftCards')).toBe('/me/gift-cards')
  })
})

describe('the account navigation', () => {
  test('lists Approvals only for a partner who may approve orders', () => {
    expect(visibleSections(false).map((section) => section.id)).toEqual(['profile', 'addresses', 'orders', 'designs', 'giftCards'])
    expect(visibleSections(true).map((section) => section.id)).toEqual(['profile', 'addresses', 'orders', 'approvals', 'designs', 'giftCards'])
    expect(sectionPath('approvals')).toBe('/me/approvals')
  })
})
