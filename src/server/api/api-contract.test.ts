import { describe, expect, test } from 'vitest'
import { MUTATION_INPUTS } from '@/isomorphic/contract/mutations'
import { QUERY_INPUTS } from '@/isomorphic/contract/queries'
import { MUTATIONS } from './mutation-registry'
import { QUERY_KEYS } from './query-registry'

describe('the server answers the wire contract, all of it and nothing else', () => {
  test('every query key the contract names has a handler, and no other key does', () => {
    expect([...QUERY_KEYS].sort()).toEqual(Object.keys(QUERY_INPUTS).sort())
  })

  test('every mutation key the contract names has a handler, and no other key does', () => {
    expect(Object.keys(MUTATIONS).sort()).toEqual(Object.keys(MUTATION_INPUTS).sort())
  })

  test("each mutation's body is validated with the contract's own schema", () => {
    for (const [key, definition] of Object.entries(MUTATIONS)) expect(definition.input, key).toBe(MUTATION_INPUTS[key as keyof typeof MUTATION_INPUTS])
  })
})
