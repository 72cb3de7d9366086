import { describe, expect, test } from 'vitest'
import { DEFAULT_ORDER_LIST_VIEW } from './order-list-view'
import { currentTab, ORDER_LIST_TABS, tabView } from './order-list-tabs'

const tab = (id: string) => ORDER_LIST_TABS.find((candidate) => candidate.id === id)!

describe('the order list’s status tabs', () => {
  test('a fresh list is on All', () => {
    expect(currentTab(DEFAULT_ORDER_LIST_VIEW)?.label).toBe('All')
  })

  test('Unpaid is the confirmed orders whose money is not in: the bank transfers waiting to be marked paid', () => {
    const unpaid = tabView(DEFAULT_ORDER_LIST_VIEW, tab('unpaid'))
    expect(unpaid).toMatchObject({ state: 'sale', paymentState: 'pending', approvalState: null, fulfilmentState: null })
    expect(currentTab(unpaid)?.id).toBe('unpaid')
  })

  test('a tab keeps the store, the dates and the search, and starts from the first page', () => {
    const view = { ...DEFAULT_ORDER_LIST_VIEW, websiteId: 3, q: 'morgan', from: '2026-11-01', cursor: 'abc' }
    expect(tabView(view, tab('approval'))).toMatchObject({ websiteId: 3, q: 'morgan', from: '2026-11-01', cursor: null, state: 'draft', approvalState: 'awaiting_approval' })
  })

  test('a mix of filters no tab holds is on no tab', () => {
    expect(currentTab({ ...DEFAULT_ORDER_LIST_VIEW, state: 'sale', paymentState: 'paid' })).toBeNull()
  })

  test('every tab is a different view', () => {
    const keys = ORDER_LIST_TABS.map((candidate) => JSON.stringify(candidate.filters))
    expect(new Set(keys).size).toBe(keys.length)
  })
})
