import { describe, expect, test } from 'vitest'
import { formatJsonPath, JsonSyntaxError, parseJsonWithLocations } from './json-locations'

const DOCUMENT = `{
  "website": { "code": "acme" },
  "products": [
    {
      "slug": "tee",
      "price": 12.5
    },
    {
      "slug": "polo",
      "sizes": ["S",
        "M"]
    }
  ]
}`

function syntaxError(text: string): JsonSyntaxError {
  try {
    parseJsonWithLocations(text)
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error
    throw error
  }
  throw new Error('expected a syntax error')
}

describe('parseJsonWithLocations', () => {
  test('parses the same value as JSON.parse', () => {
    expect(parseJsonWithLocations(DOCUMENT).value).toEqual(JSON.parse(DOCUMENT))
  })

  test('gives the line of each property and list item', () => {
    const { lineOf } = parseJsonWithLocations(DOCUMENT)
    expect(lineOf(['website', 'code'])).toBe(2)
    expect(lineOf(['products', 0, 'price'])).toBe(6)
    expect(lineOf(['products', 1])).toBe(8)
    expect(lineOf(['products', 1, 'sizes', 1])).toBe(11)
  })

  test('falls back to the nearest enclosing value for a path that does not exist', () => {
    const { lineOf } = parseJsonWithLocations(DOCUMENT)
    expect(lineOf(['products', 1, 'brand'])).toBe(8)
    expect(lineOf(['nothing', 'here'])).toBe(1)
  })

  test('keeps strings with escapes, unicode and numbers exact', () => {
    const text = '{"a": "line\\nbreak \\u00e9 \\"quoted\\"", "b": -1.5e2, "c": [true, false, null], "d": "caf\u00e9"}'
    expect(parseJsonWithLocations(text).value).toEqual(JSON.parse(text))
  })

  test('does not let a "__proto__" key change the prototype', () => {
    const { value } = parseJsonWithLocations('{"__proto__": {"polluted": true}}')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.keys(value as object)).toEqual(['__proto__'])
  })
})

describe('syntax errors', () => {
  test('name the line and column of a missing comma', () => {
    const error = syntaxError('{\n  "a": 1\n  "b": 2\n}')
    expect(error.line).toBe(3)
    expect(error.column).toBe(3)
    expect(error.message).toBe(`unexpected '"', expected ',' or '}' after "a"`)
  })

  test('reject a trailing comma on its line', () => {
    expect(syntaxError('[\n  1,\n  2,\n]').line).toBe(4)
    expect(syntaxError('{"a": 1,\n}').message).toBe('trailing comma before }')
  })

  test('reject comments, single quotes, duplicate keys and unterminated strings', () => {
    expect(syntaxError('{\n// note\n"a": 1}').message).toBe('comments are not allowed in JSON')
    expect(syntaxError("{'a': 1}").message).toBe('strings must use double quotes')
    expect(syntaxError('{a: 1}').message).toBe("unexpected 'a', expected a property name in double quotes")
    expect(syntaxError('{"a": 1,\n "a": 2}')).toMatchObject({ line: 2, message: 'duplicate property "a"' })
    expect(syntaxError('{"a": "open\n}')).toMatchObject({ line: 1, message: 'unterminated string (a line break inside a string must be written \\n)' })
  })

  test('reject anything after the value and an empty file', () => {
    expect(syntaxError('{}\n{}').message).toBe("unexpected '{' after the end of the JSON value")
    expect(syntaxError('').message).toBe('unexpected the end of the file, expected a value')
  })

  test('reject invalid numbers', () => {
    expect(syntaxError('[01]').message).toBe('invalid number')
    expect(syntaxError('[1.]').message).toBe('invalid number')
  })
})

describe('formatJsonPath', () => {
  test('writes a path as a person reads it', () => {
    expect(formatJsonPath(['products', 14, 'price'])).toBe('products[14].price')
    expect(formatJsonPath(['products', 2, 'sizeUpcharges', '2XL'])).toBe('products[2].sizeUpcharges["2XL"]')
    expect(formatJsonPath([])).toBe('')
  })
})

describe('without locations (request bodies)', () => {
  const text = '{\n  "partnerId": 7,\n  "items": [{ "productId": 3, "quantity": { "M": 2 } }],\n  "revision": 4\n}'

  test('reads the same value as with them', () => {
    expect(parseJsonWithLocations(text, { locations: false }).value).toEqual(parseJsonWithLocations(text).value)
  })

  test('is as strict: a field given twice and a body nested too deep are still refused', () => {
    expect(() => parseJsonWithLocations('{"items": [{"quantity": 1, "quantity": 5}]}', { locations: false })).toThrow('duplicate property "quantity"')
    expect(() => parseJsonWithLocations('[[[[1]]]]', { locations: false, maxDepth: 3 })).toThrow('nested more than 3 levels deep')
  })
})
