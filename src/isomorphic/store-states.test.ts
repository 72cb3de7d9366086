import { describe, expect, test } from 'vitest'
import { nextStoreState, storeActions } from './store-states'

describe("a store's life cycle", () => {
  test('a draft opens to the public or is archived, and nothing else', () => {
    expect(storeActions('draft')).toEqual(['open', 'archive'])
    expect(nextStoreState('draft', 'open')).toBe('open')
    expect(nextStoreState('draft', 'close')).toBeNull()
  })

  test('an open store closes or is archived; a closed one opens again; an archived one comes back closed', () => {
    expect(storeActions('open')).toEqual(['close', 'archive'])
    expect(nextStoreState('closed', 'open')).toBe('open')
    expect(storeActions('archived')).toEqual(['restore'])
    expect(nextStoreState('archived', 'restore')).toBe('closed')
    expect(nextStoreState('archived', 'open')).toBeNull()
  })
})
