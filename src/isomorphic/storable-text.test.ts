import { describe, expect, test } from 'vitest'
import { findUnstorableText, isStorableText, mayHoldUnstorableText } from './storable-text'

describe('text PostgreSQL can store', () => {
  test.each([
    ['WELCOME10', true],
    ['Zoë 😀 (a pair of surrogates)', true],
    ['', true],
    ['WEL\u0000', false],
    ['\ud800', false],
    ['a\udc00b', false],
    ['😀'.slice(0, 1), false],
    ['😀'.slice(1), false],
  ])('%j is storable: %s', (text, storable) => {
    expect(isStorableText(text)).toBe(storable)
  })

  test('names the first field whose value or name cannot be stored', () => {
    expect(findUnstorableText({ key: 'addAddress', value: { street: 'Main St', city: 'Den\u0000ver' } })).toBe('value.city')
    expect(findUnstorableText({ items: [{ name: 'ok' }, { name: '\ud800' }] })).toBe('items.1.name')
    expect(findUnstorableText({ value: { 'ba\u0000d': 1 } })).toBe('value.ba\\u0000d')
    expect(findUnstorableText({ promoCode: 'WEL\u0000', note: '\ud800' })).toBe('promoCode')
    expect(findUnstorableText('\u0000', 'value')).toBe('value')
  })

  test('finds nothing in ordinary bodies', () => {
    expect(findUnstorableText({ key: 'createOrder', value: { lines: [{ id: 1, qty: 2 }], note: 'Zoë 😀', ok: true, none: null } })).toBeNull()
  })
})

describe('the pre-check on JSON text', () => {
  test.each([
    ['{"a":"\\u0000"}', true],
    ['{"a":"\\uD800"}', true],
    ['{"a":"\\udfff"}', true],
    ['{"a":"caf\\u00e9 \\ud83d\\ude00"}', true],
    ['{"a":"plain text","b":[1,2]}', false],
    ['{"a":"\\u00e9"}', false],
  ])('%s may hold unstorable text: %s', (json, expected) => {
    expect(mayHoldUnstorableText(json)).toBe(expected)
  })

  test('never says no where the parsed value holds an unstorable string', () => {
    for (const text of ['\u0000', 'a\ud800', '\udc00b', 'x\u0000y']) {
      const json = JSON.stringify({ field: text })
      expect(findUnstorableText(JSON.parse(json))).toBe('field')
      expect(mayHoldUnstorableText(json)).toBe(true)
    }
  })
})
