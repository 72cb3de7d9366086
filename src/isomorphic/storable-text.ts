// Text PostgreSQL cannot store: a NUL character (text refuses it, 22021) and a lone UTF-16
// surrogate (jsonb refuses its escape, 22P05; UTF-8 has no encoding for it). JSON can carry both
// (`"\u0000"`, `"\ud800"`), so every string a request brings is checked once, where it is parsed.

const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** True when `text` has no NUL character and no unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text)
}

/** A field name safe to print in a message: escapes for what is not printable, at most 64 characters. */
function printableName(name: string): string {
  const printable = /^[\x20-\x7e]*$/.test(name) ? name : JSON.stringify(name).slice(1, -1).replace(/[^\x20-\x7e]/g, '?')
  return printable.length > 64 ? `${printable.slice(0, 64)}…` : printable
}

// In JSON text such strings can only come as escapes (`\u0000`, `\ud800`…`\udfff`): a raw NUL is
// not valid JSON, and a request decoded from UTF-8 holds no lone surrogate.
const UNSTORABLE_ESCAPE = /\\u(?:0000|d[89a-f])/i

/** False when JSON text cannot hold an unstorable string, so its parsed value needs no walk. */
export function mayHoldUnstorableText(json: string): boolean {
  return UNSTORABLE_ESCAPE.test(json)
}

const MAX_VISITED = 100_000

/**
 * The path (`value.address.street`, `items.0.name`) of the first string in `value` — a value or a
 * field name — that cannot be stored, or null when there is none. `root` prefixes the path.
 */
export function findUnstorableText(value: unknown, root?: string): string | null {
  const stack: { value: unknown; path: string[]; name?: string }[] = [{ value, path: root ? [root] : [] }]
  let visited = 0
  while (stack.length > 0 && visited++ < MAX_VISITED) {
    const { value: current, path, name } = stack.pop()!
    if (name !== undefined && !isStorableText(name)) return path.join('.')
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path.join('.') || '(body)'
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) stack.push({ value: current[index], path: [...path, String(index)] })
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current)
      for (let index = entries.length - 1; index >= 0; index--) {
        const [field, inner] = entries[index]!
        stack.push({ value: inner, path: [...path, printableName(field)], name: field })
      }
    }
  }
  return null
}
