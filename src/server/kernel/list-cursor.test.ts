import { describe, expect, it } from 'vitest'
import { DomainError } from './errors'
import { CURSOR_NOT_VALID, CURSOR_OF_ANOTHER_SORT, listCursor } from './list-cursor'

const placedDesc = listCursor({ sort: 'placed', dir: 'desc', keys: ['time', 'id'] })
const AT = '2026-03-01T10:20:30.123456Z'

function refusal(run: () => unknown): { code: string; userMessage: string } {
  try {
    run()
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, userMessage: error.userMessage }
    throw error
  }
  throw new Error('expected a refusal')
}

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('the list cursor', () => {
  it('reads back the row and the way it was written', () => {
    expect(placedDesc.decode(placedDesc.encode([AT, 42]))).toEqual({ values: [AT, 42], before: false })
    expect(placedDesc.decode(placedDesc.encode([AT, 42], true))).toEqual({ values: [AT, 42], before: true })
    const byName = listCursor({ sort: 'name', dir: 'asc', keys: ['text', 'integer', 'id'] })
    expect(byName.decode(byName.encode(['ärmel "quoted"', -5, 7]))).toEqual({ values: ['ärmel "quoted"', -5, 7], before: false })
  })

  it('is URL-safe text', () => {
    expect(placedDesc.encode([AT, 2_147_483_647], true)).toMatch(/^[A-Za-z0-9_-]+$/)
  })

  it('gives no cursor for the first page', () => {
    expect(placedDesc.read(null)).toBeNull()
    expect(placedDesc.read('')).toBeNull()
  })

  it('refuses a link made for another sort or direction with one sentence', () => {
    const byTotal = listCursor({ sort: 'total', dir: 'desc', keys: ['integer', 'id'] })
    const placedAsc = listCursor({ sort: 'placed', dir: 'asc', keys: ['time', 'id'] })
    expect(refusal(() => placedDesc.decode(byTotal.encode([1250, 3])))).toEqual({ code: 'invalid', userMessage: CURSOR_OF_ANOTHER_SORT })
    expect(refusal(() => placedDesc.decode(placedAsc.encode([AT, 3])))).toEqual({ code: 'invalid', userMessage: CURSOR_OF_ANOTHER_SORT })
  })

  it('refuses a cursor that does not decode, or was cut short or edited', () => {
    const good = placedDesc.encode([AT, 42])
    for (const text of ['not a cursor', '!!!', good.slice(0, 10), `${good}x`.replace(/^./, '_')]) {
      expect(refusal(() => placedDesc.decode(text))).toEqual({ code: 'invalid', userMessage: CURSOR_NOT_VALID })
    }
  })

  it('refuses a cursor of the right sort whose values are not a row of it', () => {
    for (const parts of [
      ['placed', 'desc', [AT], 0], // a value missing
      ['placed', 'desc', ['2026-03-01', 42], 0], // a time without its microseconds
      ['placed', 'desc', [AT, 0], 0], // no row has id 0
      ['placed', 'desc', [AT, 1.5], 0],
      ['placed', 'desc', [AT, 2_147_483_648], 0],
      ['placed', 'desc', [AT, '42'], 0], // an id as text
      ['placed', 'desc', [AT, 42], 2], // neither next nor previous
      ['placed', 'desc', [AT, 42]], // the wrong shape
      ['placed', 'sideways', [AT, 42], 0],
      { sort: 'placed' },
    ]) {
      expect(refusal(() => placedDesc.decode(raw(parts)))).toEqual({ code: 'invalid', userMessage: CURSOR_NOT_VALID })
    }
    const byName = listCursor({ sort: 'name', dir: 'asc', keys: ['text', 'id'] })
    expect(refusal(() => byName.decode(raw(['name', 'asc', ['x'.repeat(401), 1], 0])))).toEqual({ code: 'invalid', userMessage: CURSOR_NOT_VALID })
  })

  describe('a page from limit + 1 rows', () => {
    const rows = (...ids: number[]) => ids.map((id) => ({ id, at: AT }))
    const keyOf = (row: { id: number; at: string }) => [row.at, row.id]
    const idsOf = (page: { rows: { id: number }[] }) => page.rows.map((row) => row.id)

    it('the first page: the rows, a next cursor at its last row when there are more, no previous', () => {
      const page = placedDesc.page(rows(9, 8, 7), 2, null, keyOf)
      expect(idsOf(page)).toEqual([9, 8])
      expect(placedDesc.decode(page.nextCursor!)).toEqual({ values: [AT, 8], before: false })
      expect(page.previousCursor).toBeNull()
    })

    it('the only page has no cursors', () => {
      expect(placedDesc.page(rows(9, 8), 2, null, keyOf)).toEqual({ rows: rows(9, 8), nextCursor: null, previousCursor: null })
    })

    it('a page after a row: a previous cursor at its first row; no next on the last page', () => {
      const at = placedDesc.decode(placedDesc.encode([AT, 8]))
      expect(placedDesc.readDirection(at)).toBe('desc')
      const page = placedDesc.page(rows(7, 6), 2, at, keyOf)
      expect(page.nextCursor).toBeNull()
      expect(placedDesc.decode(page.previousCursor!)).toEqual({ values: [AT, 7], before: true })
    })

    it('a page before a row is read the other way round and turned back', () => {
      const at = placedDesc.decode(placedDesc.encode([AT, 7], true))
      expect(placedDesc.readDirection(at)).toBe('asc')
      const more = placedDesc.page(rows(8, 9, 10), 2, at, keyOf)
      expect(idsOf(more)).toEqual([9, 8])
      expect(placedDesc.decode(more.nextCursor!)).toEqual({ values: [AT, 8], before: false })
      expect(placedDesc.decode(more.previousCursor!)).toEqual({ values: [AT, 9], before: true })
      const firstPage = placedDesc.page(rows(8, 9), 2, at, keyOf)
      expect(idsOf(firstPage)).toEqual([9, 8])
      expect(firstPage.previousCursor).toBeNull()
      expect(firstPage.nextCursor).not.toBeNull()
    })
  })
})
