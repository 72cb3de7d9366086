import { describe, expect, test } from 'vitest'
import { cartItemsOf, mergeAfterConflict, mergeAtSignIn } from './cart-sync-merge'

const line = (key: string, quantity: Record<string, number>) => ({ key, quantity })

describe('merging after another tab saved first', () => {
  const base = [line('1:3:7', { M: 2 }), line('2:0:7', { OSFA: 1 })]

  test('lines added in either tab are all kept', () => {
    const mine = [...base, line('3:0:7', { L: 1 })]
    const theirs = [...base, line('4:0:7', { S: 6 })]
    expect(mergeAfterConflict(mine, base, theirs).map((entry) => entry.key)).toEqual(['1:3:7', '2:0:7', '4:0:7', '3:0:7'])
  })

  test("this tab's quantities win for the lines it changed; the other tab's win for the rest", () => {
    const mine = [line('1:3:7', { M: 5 }), line('2:0:7', { OSFA: 1 })]
    const theirs = [line('1:3:7', { M: 9 }), line('2:0:7', { OSFA: 4 })]
    expect(mergeAfterConflict(mine, base, theirs)).toEqual([line('1:3:7', { M: 5 }), line('2:0:7', { OSFA: 4 })])
  })

  test('a line removed here stays removed; a line removed there (untouched here) stays removed', () => {
    const mine = [line('2:0:7', { OSFA: 1 })]
    const theirs = [line('1:3:7', { M: 2 })]
    expect(mergeAfterConflict(mine, base, theirs)).toEqual([])
  })

  test('with no known base (a first save), every line of both sides is kept and ours win on overlap', () => {
    expect(mergeAfterConflict([line('1:3:7', { M: 1 })], [], [line('1:3:7', { M: 4 }), line('9:0:0', { S: 1 })])).toEqual([
      line('1:3:7', { M: 1 }),
      line('9:0:0', { S: 1 }),
    ])
  })
})

describe('merging the anonymous cart at sign-in', () => {
  test('the anonymous lines are added to the saved ones, the same line adding its pieces per size', () => {
    const saved = [line('1:3:7', { M: 2 }), line('2:0:7', { OSFA: 1 })]
    const anonymous = [line('1:3:7', { M: 1, L: 3 }), line('5:0:0', { S: 2 })]
    expect(mergeAtSignIn(saved, anonymous)).toEqual([
      { ...line('1:3:7', { M: 3, L: 3 }), totalQuantity: 6 },
      { ...line('2:0:7', { OSFA: 1 }), totalQuantity: 1 },
      { ...line('5:0:0', { S: 2 }), totalQuantity: 2 },
    ])
  })

  test('added pieces stay within the 10,000 a size may have', () => {
    expect(mergeAtSignIn([line('1:3:7', { M: 9000 })], [line('1:3:7', { M: 5000 })])[0]!.quantity).toEqual({ M: 10_000 })
  })

  test('neither cart is changed in place', () => {
    const saved = [line('1:3:7', { M: 2 })]
    mergeAtSignIn(saved, [line('1:3:7', { M: 1 })])
    expect(saved[0]!.quantity).toEqual({ M: 2 })
  })
})

test('the server is told ids and pieces only, never a price', () => {
  const lines = [{ productId: 1, color: { id: 3 }, logo: null, quantity: { M: 2 }, priceTotal: 40, unitPrices: { M: 20 } }]
  expect(cartItemsOf(lines)).toEqual([{ productId: 1, colorId: 3, logoId: null, quantity: { M: 2 } }])
})
