// A strict JSON parser (RFC 8259) that also remembers on which line every value starts, so that a
// problem found later (by the schema or a reference check) can name the line of the file at fault.
// JSON.parse gives neither the line of a value nor, on every Node version, the line of a syntax error.

export type JsonPath = readonly (string | number)[]

export type LocatedJson = {
  value: unknown
  /** The line (1-based) of the value at `path`, or of its nearest enclosing value that exists. */
  lineOf(path: readonly PropertyKey[]): number
}

export class JsonSyntaxError extends Error {
  override readonly name = 'JsonSyntaxError'
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message)
  }
}

/** Far deeper than any document this project reads, far shallower than what overflows the stack. */
export const DEFAULT_MAX_DEPTH = 1000
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }

/**
 * Parses `text` as JSON. Throws JsonSyntaxError (with line and column) on the first error.
 * `maxDepth` bounds the nesting of objects and lists: the bookkeeping of locations costs the square
 * of the depth, so input from strangers must be cut off early (64 kB of '[' is 32,000 levels), and
 * the parser recurses once per level, so some ten thousand levels would overflow the stack (a
 * RangeError, not a JsonSyntaxError). Callers pass the depth their documents need; the default only
 * keeps a caller that forgets from recursing that far.
 */
export function parseJsonWithLocations(text: string, { maxDepth = DEFAULT_MAX_DEPTH, locations = true }: { maxDepth?: number; locations?: boolean } = {}): LocatedJson {
  // Without locations (a request body, whose problems are named by path, not line) no path is
  // built or kept per value: the same strict reading at a fraction of the work (P3's cart save).
  const track = locations
  const lines = new Map<string, number>()
  let index = 0
  let line = 1
  let depth = 0

  const fail = (message: string, at = index): never => {
    let failLine = 1
    let failLineStart = 0
    for (let i = 0; i < at && i < text.length; i++) {
      if (text[i] === '\n') {
        failLine++
        failLineStart = i + 1
      }
    }
    throw new JsonSyntaxError(message, failLine, at - failLineStart + 1)
  }

  const describe = (at: number) => (at >= text.length ? 'the end of the file' : `'${text[at]}'`)

  function skipWhitespace() {
    while (index < text.length) {
      const char = text[index]
      if (char === '\n') {
        line++
      } else if (char !== ' ' && char !== '\t' && char !== '\r') {
        if (char === '/' && (text[index + 1] === '/' || text[index + 1] === '*')) fail('comments are not allowed in JSON')
        return
      }
      index++
    }
  }

  function nested<T>(parse: () => T): T {
    if (++depth > maxDepth) fail(`nested more than ${maxDepth} levels deep`)
    const value = parse()
    depth--
    return value
  }

  function parseValue(path: (string | number)[]): unknown {
    skipWhitespace()
    if (track) lines.set(pathKey(path), line)
    const char = text[index]
    if (char === '{') return nested(() => parseObject(path))
    if (char === '[') return nested(() => parseArray(path))
    if (char === '"') return parseString()
    if (char === 't') return parseLiteral('true', true)
    if (char === 'f') return parseLiteral('false', false)
    if (char === 'n') return parseLiteral('null', null)
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return parseNumber()
    if (char === "'") return fail('strings must use double quotes')
    return fail(`unexpected ${describe(index)}, expected a value`)
  }

  function parseObject(path: (string | number)[]): Record<string, unknown> {
    index++
    const result: Record<string, unknown> = {}
    skipWhitespace()
    if (text[index] === '}') {
      index++
      return result
    }
    for (;;) {
      skipWhitespace()
      if (text[index] !== '"') {
        if (text[index] === '}') fail('trailing comma before }')
        if (text[index] === "'") fail('strings must use double quotes')
        fail(`unexpected ${describe(index)}, expected a property name in double quotes`)
      }
      const keyLine = line
      const key = parseString()
      if (Object.prototype.hasOwnProperty.call(result, key)) fail(`duplicate property "${key}"`, index - key.length - 2)
      skipWhitespace()
      if (text[index] !== ':') fail(`unexpected ${describe(index)}, expected ':' after "${key}"`)
      index++
      const childPath = track ? [...path, key] : path
      const value = parseValue(childPath)
      if (track) lines.set(pathKey(childPath), keyLine)
      Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true })
      skipWhitespace()
      if (text[index] === ',') {
        index++
        continue
      }
      if (text[index] === '}') {
        index++
        return result
      }
      fail(`unexpected ${describe(index)}, expected ',' or '}' after "${key}"`)
    }
  }

  function parseArray(path: (string | number)[]): unknown[] {
    index++
    const result: unknown[] = []
    skipWhitespace()
    if (text[index] === ']') {
      index++
      return result
    }
    for (;;) {
      skipWhitespace()
      if (text[index] === ']') fail('trailing comma before ]')
      result.push(parseValue(track ? [...path, result.length] : path))
      skipWhitespace()
      if (text[index] === ',') {
        index++
        continue
      }
      if (text[index] === ']') {
        index++
        return result
      }
      fail(`unexpected ${describe(index)}, expected ',' or ']' in a list`)
    }
  }

  function parseString(): string {
    const start = index
    index++
    let result = ''
    let chunkStart = index
    for (;;) {
      if (index >= text.length) fail('unterminated string', start)
      const char = text[index]!
      if (char === '"') {
        result += text.slice(chunkStart, index)
        index++
        return result
      }
      if (char === '\n') fail('unterminated string (a line break inside a string must be written \\n)', start)
      if (char < ' ') fail('control characters inside a string must be escaped')
      if (char === '\\') {
        result += text.slice(chunkStart, index)
        const escape = text[index + 1]
        if (escape === 'u') {
          const hex = text.slice(index + 2, index + 6)
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('invalid \\u escape in a string')
          result += String.fromCharCode(parseInt(hex, 16))
          index += 6
        } else if (escape !== undefined && escape in ESCAPES) {
          result += ESCAPES[escape]
          index += 2
        } else {
          fail(`invalid escape \\${escape ?? ''} in a string`)
        }
        chunkStart = index
        continue
      }
      index++
    }
  }

  function parseNumber(): number {
    NUMBER.lastIndex = index
    const match = NUMBER.exec(text)
    if (!match) return fail('invalid number')
    index += match[0].length
    const next = text[index]
    if (next !== undefined && /[0-9A-Za-z.+-]/.test(next)) fail('invalid number')
    return Number(match[0])
  }

  function parseLiteral<T>(word: string, value: T): T {
    if (text.startsWith(word, index)) {
      index += word.length
      return value
    }
    return fail(`unexpected ${describe(index)}, expected a value`)
  }

  if (text.charCodeAt(0) === 0xfeff) index = 1
  const value = parseValue([])
  skipWhitespace()
  if (index < text.length) fail(`unexpected ${describe(index)} after the end of the JSON value`)

  return {
    value,
    lineOf(path) {
      const parts = path.filter((part): part is string | number => typeof part !== 'symbol')
      for (let length = parts.length; length >= 0; length--) {
        const found = lines.get(pathKey(parts.slice(0, length)))
        if (found !== undefined) return found
      }
      return 1
    },
  }
}

function pathKey(path: readonly (string | number)[]): string {
  return JSON.stringify(path.map((part) => (typeof part === 'number' ? part : `.${part}`)))
}

/** `products[14].price`, `website["odd key"]`: a path as a person reads it. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  let result = ''
  for (const part of path) {
    if (typeof part === 'number') result += `[${part}]`
    else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part)) result += result ? `.${part}` : part
    else result += `[${JSON.stringify(String(part))}]`
  }
  return result
}
