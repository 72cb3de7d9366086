import { describe, expect, it } from 'vitest'
import { CONSOLE_NAV, navFor, navGroups } from './console-nav'

// The console's menu: each member sees the sections of their role, under the headings operators
// know from other admins, in one block per heading.

const labels = (me: Parameters<typeof navFor>[0]) => navGroups(navFor(me)).map(({ group, items }) => [group, items.map((item) => item.label)])

describe('the console menu', () => {
  it('shows a store manager the store’s sections under their headings, without the owner’s', () => {
    expect(labels({ role: 'store_manager', mustEnrolSecondFactor: false })).toEqual([
      ['Orders', ['Dashboard', 'Orders', 'Work orders']],
      ['Catalog', ['Products', 'Catalog', 'Decoration']],
      ['Customers', ['Customers', 'Allowances']],
      ['Marketing', ['Promotions', 'Gift cards']],
      ['Online store', ['Content', 'Redirects']],
      ['Settings', ['Stores', 'Delivery', 'Checkout', 'Store settings', 'Store file', 'Webhooks', 'Security']],
    ])
  })

  it('shows fulfilment only orders and their own security', () => {
    expect(labels({ role: 'fulfilment', mustEnrolSecondFactor: false })).toEqual([
      ['Orders', ['Dashboard', 'Orders', 'Work orders']],
      ['Settings', ['Security']],
    ])
  })

  it('keeps each heading’s sections together, so every heading appears once', () => {
    const groups = navGroups(CONSOLE_NAV).map(({ group }) => group)
    expect(new Set(groups).size).toBe(groups.length)
  })
})
