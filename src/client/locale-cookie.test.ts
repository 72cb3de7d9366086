import { describe, expect, test } from 'vitest'
import { rememberLocale } from './locale-cookie'

function fakeDocument(initial = '') {
  const written: string[] = []
  return {
    written,
    get cookie() {
      return initial
    },
    set cookie(value: string) {
      written.push(value)
    },
  }
}

describe('the locale cookie', () => {
  test('is written for a year, on every path, SameSite lax, when the browser has none', () => {
    const doc = fakeDocument('other=1')
    rememberLocale(doc, 'en')
    expect(doc.written).toEqual(['i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax'])
  })

  test('is left alone when it already holds the locale', () => {
    const doc = fakeDocument('a=b; i18n_redirected=en')
    rememberLocale(doc, 'en')
    expect(doc.written).toEqual([])
  })

  test('is replaced when it holds another locale', () => {
    const doc = fakeDocument('i18n_redirected=fr')
    rememberLocale(doc, 'en')
    expect(doc.written).toHaveLength(1)
  })
})
