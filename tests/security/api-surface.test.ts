import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { MUTATIONS } from '@/server/api/mutation-registry'
import { QUERIES } from '@/server/api/query-registry'
import { GET_ENDPOINTS, MUTATION_KEYS, POST_ENDPOINTS, QUERY_KEYS } from '../e2e/security/api-surface'

// The security suite's lists (tests/e2e/security/api-surface.ts) must name every endpoint, key and
// field the API has: a new one left out would never be fuzzed or checked for CSRF.

/** The field names of an object schema under optional/nullable/default/pipe wrappers, or [] when it is no object. */
function fieldsOf(schema: z.ZodType): string[] {
  let current: z.ZodType = schema
  for (let depth = 0; depth < 10; depth++) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape)
    const def = current._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType }
    if (def.innerType && ['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch'].includes(def.type)) current = def.innerType
    else if (def.type === 'pipe' && def.in) current = def.in
    else return []
  }
  return []
}

const apiRoot = path.resolve(import.meta.dirname, '../../src/app/api')

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return routeFiles(full)
    return entry.name === 'route.ts' ? [full] : []
  })
}

/** '/api/orders/[id]/document' and the methods its route file exports. */
const routes = routeFiles(apiRoot).map((file) => {
  const source = readFileSync(file, 'utf8')
  const declared = [...source.matchAll(/export (?:async function|const) (GET|POST|PUT|PATCH|DELETE)\b/g)].map((match) => match[1]!)
  // Route files of the JSON API re-export their endpoint's handlers: export { GET, POST } from '…',
  // or export { adminQuery as POST } from '…'
  const reexported = [...source.matchAll(/export \{([^}]*)\} from/g)].flatMap((match) => match[1]!.split(',').map((name) => name.trim().split(/\s+as\s+/).at(-1)!))
  const methods = [...declared, ...reexported.filter((name) => /^(GET|POST|PUT|PATCH|DELETE)$/.test(name))]
  return { route: `/api/${path.relative(apiRoot, path.dirname(file)).split(path.sep).join('/')}`, methods }
})

describe('the security suite attacks the whole API', () => {
  test('every query key, with the fields of its value', () => {
    const registry = Object.fromEntries(Object.entries(QUERIES).map(([key, definition]) => [key, fieldsOf(definition.input).sort()]))
    const listed = Object.fromEntries(Object.entries(QUERY_KEYS).map(([key, fields]) => [key, [...fields].sort()]))
    expect(listed).toEqual(registry)
  })

  test('every mutation key, with the fields of its body', () => {
    const registry = Object.fromEntries(Object.entries(MUTATIONS).map(([key, definition]) => [key, fieldsOf(definition.input).sort()]))
    const listed = Object.fromEntries(Object.entries(MUTATION_KEYS).map(([key, fields]) => [key, [...fields].sort()]))
    expect(listed).toEqual(registry)
  })

  test('every POST and GET route', () => {
    const posts = routes.filter((route) => route.methods.includes('POST')).map((route) => route.route).sort()
    const gets = routes.filter((route) => route.methods.includes('GET')).map((route) => route.route).sort()
    expect(POST_ENDPOINTS.map((endpoint) => endpoint.path).sort()).toEqual(posts)
    expect(GET_ENDPOINTS.map((endpoint) => endpoint.route).sort()).toEqual(gets)
    expect(routes.flatMap((route) => route.methods.filter((method) => method !== 'GET' && method !== 'POST'))).toEqual([])
  })
})
