import { describe, expect, it } from 'vitest'
import { allowanceStanding } from './allowance'

describe('the allowance a shopper sees in the cart', () => {
  it('is absent for a shopper the store gives no allowance', () => {
    expect(allowanceStanding(null, 120)).toBeNull()
    expect(allowanceStanding(undefined, 120)).toBeNull()
  })

  it('covers a cart that costs no more than what is left', () => {
    expect(allowanceStanding(250, 249.99)).toEqual({ left: 250, over: null })
    expect(allowanceStanding(250, 250)).toEqual({ left: 250, over: null })
  })

  it('says by how much a cart costs more than what is left', () => {
    expect(allowanceStanding(150, 435)).toEqual({ left: 150, over: 285 })
    expect(allowanceStanding(100, 100.01)).toEqual({ left: 100, over: 0.01 })
  })

  it('counts in cents, so a floating-point sum is never over by a fraction', () => {
    expect(allowanceStanding(0.1 + 0.2, 0.3)).toEqual({ left: 0.3, over: null })
  })

  it('treats a spent allowance as nothing left, so any order needs approval', () => {
    expect(allowanceStanding(0, 14.5)).toEqual({ left: 0, over: 14.5 })
    expect(allowanceStanding(-5, 14.5)).toEqual({ left: 0, over: 14.5 })
  })

  it('is not over while the cart has no price yet', () => {
    expect(allowanceStanding(40, null)).toEqual({ left: 40, over: null })
  })
})
