// A store's redirects (issue 16; spec: "server route rules may redirect; a redirect to an absolute
// URL causes a full page load"). One rule: a page path of the store → a path of the store or an
// absolute http(s) URL, permanent (301, 308) or temporary (302, 307). The same checks run when a
// rule is saved (console, store file: a sentence naming what is wrong) and when a request is
// answered (scripts/server.mjs asks the page gate, src/web/page-gate.ts): a rule can never send a
// visitor to a script URL, never take over the console, the API or Next's files, and never loop.

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number]
export const PERMANENT_STATUSES: readonly RedirectStatus[] = [301, 308]

export type RedirectRule = { fromPath: string; target: string; status: RedirectStatus }

/** The most rules one request follows (A → B → C → D is three); a longer chain is refused at save and ignored at request time. */
export const MAX_REDIRECT_HOPS = 3
export const MAX_REDIRECT_PATH_LENGTH = 1000

/** Paths a rule never starts from: the console, the API, Next's own files. */
const RESERVED = /^\/(?:admin|api|_next)(?:\/|$)/i
const LOCALE_PREFIX = /^\/en(?=\/|$)/
// Control characters, spaces, backslashes (read as '/' by browsers), quotes and angle brackets.
const UNSAFE = /[\u0000-\u0020\u007f\\"<>`]/

export type RuleProblem = { field: 'fromPath' | 'target' | 'status'; message: string }

/**
 * The page path a rule starts from, as requests are matched: decoded, without the locale prefix, a
 * trailing slash, a query or a fragment. Null with the reason when it cannot be a rule's start.
 */
export function redirectFromPath(raw: string): { path: string } | { problem: string } {
  const text = raw.trim()
  if (text === '') return { problem: 'Enter the path to redirect from, e.g. /old-tees.' }
  if (!text.startsWith('/') || text.startsWith('//')) return { problem: 'The path to redirect from must start with a single / (a path on this store, like /old-tees).' }
  if (/[?#]/.test(text)) return { problem: 'The path to redirect from cannot have a query or a fragment (the visitor’s query is kept).' }
  const path = requestPath(text)
  if (path === null || UNSAFE.test(path)) return { problem: 'The path to redirect from has characters a path cannot have (spaces, backslashes, quotes or control characters).' }
  if (path.length > MAX_REDIRECT_PATH_LENGTH) return { problem: `The path to redirect from is longer than ${MAX_REDIRECT_PATH_LENGTH} characters.` }
  if (RESERVED.test(path)) return { problem: 'Paths under /admin, /api and /_next cannot be redirected.' }
  return { path }
}

/** The path a request names (percent-decoded, no locale prefix, no trailing slash), or null when undecodable. */
export function requestPath(pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  const path = decoded.replace(LOCALE_PREFIX, '').replace(/\/+$/, '')
  return path === '' ? '/' : path
}

export type RedirectTarget = { kind: 'path'; path: string; location: string } | { kind: 'absolute'; url: string }

/** Where a rule may send a visitor: a path of this store, or an absolute http(s) URL. Anything else is a sentence. */
export function redirectTarget(raw: string): RedirectTarget | { problem: string } {
  const text = raw.trim()
  if (text === '') return { problem: 'Enter where to redirect to: a path like /shop or an address like https://example.com/page.' }
  if (/[\u0000-\u001f\u007f]/.test(text)) return { problem: 'The redirect target has control characters.' }
  if (text.length > 2000) return { problem: 'The redirect target is longer than 2,000 characters.' }
  if (text.startsWith('/')) {
    if (/^\/(?:[/\\]|%2f|%5c)/i.test(text)) return { problem: 'A redirect target starting with // names another site: write it as an absolute address (https://…).' }
    if (UNSAFE.test(text)) return { problem: 'The redirect target has characters a path cannot have (spaces, backslashes, quotes).' }
    const end = text.search(/[?#]/)
    const path = requestPath(end === -1 ? text : text.slice(0, end))
    if (path === null) return { problem: 'The redirect target is not a valid path (a broken %-escape).' }
    return { kind: 'path', path, location: text }
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase()
  if (scheme === undefined) return { problem: 'The redirect target must be a path starting with / or an absolute address starting with https:// or http://.' }
  if (scheme !== 'http' && scheme !== 'https') return { problem: `A redirect can only go to a path of this store or an http(s) address, not a ${scheme}: address.` }
  if (!/^https?:\/\/[^/?#\\]+/i.test(text) || UNSAFE.test(text)) return { problem: 'The redirect target is not a valid address: write it as https://host/path.' }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { problem: 'The redirect target is not a valid address: write it as https://host/path.' }
  }
  if (url.username || url.password) return { problem: 'The redirect target cannot carry a user name or password.' }
  return { kind: 'absolute', url: url.href }
}

export function isRedirectStatus(value: unknown): value is RedirectStatus {
  return (REDIRECT_STATUSES as readonly unknown[]).includes(value)
}

/**
 * What is wrong with the whole set of rules (a store's rules after a save or an import): each
 * rule's own problems, then duplicates, loops and over-long chains. Empty when they may be saved.
 */
export function ruleSetProblems(rules: readonly RedirectRule[]): { index: number; problem: RuleProblem }[] {
  const problems: { index: number; problem: RuleProblem }[] = []
  const byPath = new Map<string, number>()
  rules.forEach((rule, index) => {
    const from = redirectFromPath(rule.fromPath)
    if ('problem' in from) problems.push({ index, problem: { field: 'fromPath', message: from.problem } })
    const target = redirectTarget(rule.target)
    if ('problem' in target) problems.push({ index, problem: { field: 'target', message: target.problem } })
    if (!isRedirectStatus(rule.status)) problems.push({ index, problem: { field: 'status', message: 'Choose 301 or 308 (permanent), or 302 or 307 (temporary).' } })
    if ('path' in from) {
      const first = byPath.get(from.path)
      if (first !== undefined) problems.push({ index, problem: { field: 'fromPath', message: `There is already a redirect from ${from.path}.` } })
      else byPath.set(from.path, index)
    }
  })
  if (problems.length > 0) return problems
  const table = redirectTable(rules)
  rules.forEach((rule, index) => {
    const from = (redirectFromPath(rule.fromPath) as { path: string }).path
    const chain = followChain(table, from)
    if (chain.kind === 'loop') problems.push({ index, problem: { field: 'target', message: `This redirect would loop: ${chain.paths.join(' → ')}.` } })
    else if (chain.kind === 'tooLong') problems.push({ index, problem: { field: 'target', message: `This redirect starts a chain of more than ${MAX_REDIRECT_HOPS} redirects (${chain.paths.join(' → ')}): point it at the final page.` } })
  })
  return problems
}

/** The rules by the path they start from, ready for matching. Rules that fail their own checks are left out. */
export type RedirectTable = ReadonlyMap<string, { target: RedirectTarget; status: RedirectStatus }>

export function redirectTable(rules: readonly RedirectRule[]): RedirectTable {
  const table = new Map<string, { target: RedirectTarget; status: RedirectStatus }>()
  for (const rule of rules) {
    const from = redirectFromPath(rule.fromPath)
    const target = redirectTarget(rule.target)
    if ('path' in from && !('problem' in target) && isRedirectStatus(rule.status) && !table.has(from.path)) table.set(from.path, { target, status: rule.status })
  }
  return table
}

type Chain =
  | { kind: 'none' }
  | { kind: 'final'; target: RedirectTarget; status: RedirectStatus; paths: string[] }
  | { kind: 'loop'; paths: string[] }
  | { kind: 'tooLong'; paths: string[] }

function followChain(table: RedirectTable, start: string): Chain {
  const first = table.get(start)
  if (!first) return { kind: 'none' }
  const paths = [start]
  let current = first
  for (let hop = 1; ; hop += 1) {
    if (current.target.kind === 'absolute') return { kind: 'final', target: current.target, status: first.status, paths }
    const next = current.target.path
    if (paths.includes(next)) return { kind: 'loop', paths: [...paths, next] }
    const rule = table.get(next)
    if (!rule) return { kind: 'final', target: current.target, status: first.status, paths: [...paths, next] }
    if (hop >= MAX_REDIRECT_HOPS) return { kind: 'tooLong', paths: [...paths, next, '…'] }
    paths.push(next)
    current = rule
  }
}

/**
 * Where a request for `pathname` + `search` goes, or null when no rule (or only a looping or
 * over-long chain: guarded here too) applies. A chain is followed to its end in one answer, with the
 * first rule's status; the visitor's query string is kept (after the target's own, if it has one).
 */
export function resolveRedirect(table: RedirectTable, pathname: string, search: string): { location: string; status: RedirectStatus; absolute: boolean } | null {
  if (table.size === 0) return null
  const path = requestPath(pathname)
  if (path === null || RESERVED.test(path)) return null
  const chain = followChain(table, path)
  if (chain.kind !== 'final') return null
  const query = search.startsWith('?') ? search.slice(1) : search
  const base = chain.target.kind === 'absolute' ? chain.target.url : chain.target.location
  return { location: withQuery(base, query), status: chain.status, absolute: chain.target.kind === 'absolute' }
}

function withQuery(target: string, query: string): string {
  if (query === '') return headerSafe(target)
  const hash = target.indexOf('#')
  const [head, fragment] = hash === -1 ? [target, ''] : [target.slice(0, hash), target.slice(hash)]
  return headerSafe(`${head}${head.includes('?') ? '&' : '?'}${query}${fragment}`)
}

/** A Location header carries ASCII only: anything else in a stored path ('/café') is %-encoded. */
function headerSafe(location: string): string {
  return location.replace(/[^\x21-\x7e]+/g, (run) => {
    try {
      return encodeURIComponent(run)
    } catch {
      return ''
    }
  })
}
