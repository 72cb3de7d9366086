import { describe, expect, it } from 'vitest'
import { defineListView, listField } from './list-view'

type View = {
  state: 'open' | 'closed' | null
  sort: 'name' | 'date'
  storeId: number | null
  group: number | 'none' | null
  q: string | null
  from: string | null
  pageSize: 25 | 50
  cursor: string | null
}

const VIEW = defineListView<View>({
  state: listField.enum('state', ['open', 'closed']),
  sort: listField.enumOr('sort', ['name', 'date'], 'date'),
  storeId: listField.id('store'),
  group: listField.idOr('group', ['none']),
  q: listField.search('q', 10),
  from: listField.date('from'),
  pageSize: listField.pageSize('size', [25, 50], 25),
  cursor: listField.cursor(),
})

const parse = (search: string) => VIEW.parse(new URLSearchParams(search))

describe('a list view held in the URL', () => {
  it('has the declared defaults when the URL says nothing', () => {
    expect(parse('')).toEqual({ state: null, sort: 'date', storeId: null, group: null, q: null, from: null, pageSize: 25, cursor: null })
    expect(VIEW.toSearch(VIEW.defaults)).toBe('')
  })

  it('reads each field from its own parameter', () => {
    expect(parse('state=closed&sort=name&store=7&group=none&q=%20Ada%20%20Lovelace%20&from=2026-02-28&size=50&cursor=abc_-1')).toEqual({
      state: 'closed',
      sort: 'name',
      storeId: 7,
      group: 'none',
      q: 'Ada Lovela', // trimmed, runs of spaces made one, cut at its longest
      from: '2026-02-28',
      pageSize: 50,
      cursor: 'abc_-1',
    })
    expect(parse('group=12').group).toBe(12)
  })

  it('drops what it does not know and keeps the default, never throwing', () => {
    expect(parse('state=lost&sort=price&store=0&group=some&q=%20%20&from=2026-02-30&size=30&cursor=not%20a%20cursor&other=1')).toEqual(VIEW.defaults)
    expect(parse('store=2147483648').storeId).toBeNull()
    expect(parse('store=-3').storeId).toBeNull()
    expect(parse('store=1e3').storeId).toBeNull()
    expect(parse(`cursor=${'a'.repeat(601)}`).cursor).toBeNull()
  })

  it('writes only what differs from the defaults, in the declared order, and reads back the same view', () => {
    const view: View = { state: 'open', sort: 'name', storeId: 3, group: 'none', q: 'tee & co', from: '2026-01-05', pageSize: 25, cursor: 'Zm9v' }
    expect(VIEW.toSearch(view)).toBe('?state=open&sort=name&store=3&group=none&q=tee+%26+co&from=2026-01-05&cursor=Zm9v')
    expect(parse(VIEW.toSearch(view))).toEqual(view)
    expect(VIEW.toSearch({ ...VIEW.defaults, pageSize: 50 })).toBe('?size=50')
  })

  it('reads a page’s searchParams object too, leaving out a parameter given twice', () => {
    expect(VIEW.parse({ state: 'open', sort: ['name', 'date'], q: undefined })).toEqual({ ...VIEW.defaults, state: 'open' })
  })

  it('a change of filter starts from the first page', () => {
    const paged: View = { ...VIEW.defaults, state: 'open', cursor: 'Zm9v' }
    expect(VIEW.firstPage(paged)).toEqual({ ...paged, cursor: null })
    expect(VIEW.firstPage(paged, { sort: 'name' })).toEqual({ ...paged, sort: 'name', cursor: null })
  })

  it('tells whether a view is filtered, leaving out the fields asked and the cursor', () => {
    expect(VIEW.differs({ ...VIEW.defaults, cursor: 'Zm9v' })).toBe(false)
    expect(VIEW.differs({ ...VIEW.defaults, q: 'ada' })).toBe(true)
    expect(VIEW.differs({ ...VIEW.defaults, storeId: 4, pageSize: 50 }, ['storeId', 'pageSize'])).toBe(false)
  })
})
