// The strict JSON parser stays hand-written (decision 019): no maintained library refuses duplicate
// keys, bounds the depth and names the line of every value. These are the inputs it must refuse or
// read safely; the API's reading of bodies (parseJson in src/web/http.ts) is attacked in http.test.ts.
import { describe, expect, test } from 'vitest'
import { JsonSyntaxError, parseJsonWithLocations } from './json-locations'

function refusal(text: string, options?: { maxDepth?: number }): string {
  try {
    parseJsonWithLocations(text, options)
  } catch (error) {
    expect(error).toBeInstanceOf(JsonSyntaxError)
    return (error as JsonSyntaxError).message
  }
  throw new Error('the text was accepted')
}

describe('hostile JSON', () => {
  test('a key given twice is refused, however it is spelled', () => {
    expect(refusal('{"quantity": 1, "quantity": 5}')).toMatch(/^duplicate property/)
    expect(refusal('{"quantity": 1, "quan\\u0074ity": 5}')).toMatch(/^duplicate property/)
    expect(refusal('{"a": {"b": 1, "b": 2}}')).toMatch(/^duplicate property/)
  })

  test('nesting past the limit is refused before it costs anything, for objects and lists alike', () => {
    expect(refusal('['.repeat(100_000), { maxDepth: 64 })).toMatch(/^nested more than 64/)
    expect(refusal('{"a":'.repeat(65) + '1' + '}'.repeat(65), { maxDepth: 64 })).toMatch(/^nested more than 64/)
    expect(parseJsonWithLocations('{"a":'.repeat(64) + '1' + '}'.repeat(64), { maxDepth: 64 }).value).toBeTypeOf('object')
  })

  test('prototype keys become plain data and change no object', () => {
    const { value } = parseJsonWithLocations('{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}')
    const parsed = value as Record<string, unknown>
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect(Object.keys(parsed)).toEqual(['__proto__', 'constructor'])
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
    expect((parsed as { admin?: unknown }).admin).toBeUndefined()
  })

  test('NUL and lone surrogates are read exactly as written, for the API to refuse by field', () => {
    const { value } = parseJsonWithLocations('{"name": "a\\u0000b", "note": "\\ud800", "pair": "\\ud83d\\ude00"}')
    expect(value).toEqual({ name: 'a\u0000b', note: '\ud800', pair: '😀' })
  })

  test('raw control characters, bad escapes and JavaScript that is not JSON are refused', () => {
    for (const text of ['{"a": "line\nbreak"}', '{"a": "\\x41"}', '{"a": "\\u12"}', "{'a': 1}", '{a: 1}', '{"a": NaN}', '{"a": 1,}', '{"a": 0x10}', '{"a": 1} // done']) {
      expect(() => parseJsonWithLocations(text)).toThrow(JsonSyntaxError)
    }
  })
})
