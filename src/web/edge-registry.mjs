// The one place where state crosses between Next and the production server (scripts/server.mjs).
// Next runs src/instrumentation.ts and the route cache handler in its own module graphs, and the
// server script is plain JavaScript that cannot import the TypeScript core; what both sides must see
// is kept here, in one process-wide slot per entry (decision 019):
// - the store resolver (decision 025), registered by instrumentation and asked by the server for
//   the store of every request;
// - the page gate (site lock and account pages, decision 009), registered by instrumentation and
//   asked by the server before any page;
// - the API dispatch (decision 016), registered by instrumentation and asked by the server for the
//   hot JSON API;
// - the route cache's pages (decision 004), kept by the handler Next loads outside its bundle and
//   read by the bundled code and by the server's page-response cache (its generation).
// The slots sit in one object on globalThis under a Symbol.for key, so every module instance of this
// file in the process (Next may load it more than once) reaches the same values.

/** @typedef {{ redirect?: string, status?: 301 | 302 | 307 | 308, private?: boolean, noindex?: boolean }} GateDecision */
/**
 * Decides a page request before it is served or rendered: a redirect, private, or nothing to say —
 * at once when what it reads is held in memory, else through a promise.
 * @typedef {(method: string, url: string, headers: Record<string, string | string[] | undefined>) => GateDecision | Promise<GateDecision>} PageGate
 */
/**
 * The store a Host header is for, or null for none (decision 025).
 * @typedef {(host: string | undefined, cookie: string | undefined, path: string | undefined) => number | null | Promise<number | null>} StoreResolver
 * @typedef {(host: string | undefined, storeId: number | null) => boolean} ConsoleGate
 */
/** @typedef {(request: Request) => Promise<Response>} ApiEndpoint */
/**
 * The endpoint for a method and path (no query string), or undefined for Next to serve.
 * @typedef {(method: string, pathname: string) => ApiEndpoint | undefined} ApiDispatch
 */
/**
 * @typedef {object} RouteCacheEntry
 * @property {unknown} value
 * @property {number} lastModified
 * @property {string[]} tags
 * @property {number} bytes
 */
/**
 * @typedef {object} RouteCacheState
 * @property {Map<string, RouteCacheEntry>} entries
 * @property {number} bytes
 * @property {Map<string, number>} tagTimes
 * @property {number} generation moves on when every store's pages may be stale
 * @property {Map<string, number>} storeGenerations per store (`'3'`): moves on when that store's pages may be stale
 * @property {Map<string, number>} misses
 * @property {((tags: string[]) => Promise<void>) | null} announce
 */
/**
 * @typedef {object} EdgeSlots
 * @property {PageGate} [pageGate]
 * @property {StoreResolver} [storeResolver]
 * @property {ConsoleGate} [consoleGate]
 * @property {ApiDispatch} [apiDispatch]
 * @property {RouteCacheState} [routeCache]
 */

// One holder object under one Symbol.for key, read from globalThis once per module instance: the
// server reads a slot several times per request (P1), and a property of a small object is much
// cheaper to read than a symbol-keyed property of the global object.
const HOLDER_KEY = Symbol.for('webstore.edge-slots')
const holder = /** @type {EdgeSlots} */ (/** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis))[HOLDER_KEY] ??= {})

/**
 * @template {keyof EdgeSlots} Name
 * @param {Name} name
 * @returns {EdgeSlots[Name]}
 */
function read(name) {
  return holder[name]
}

/**
 * @template {keyof EdgeSlots} Name
 * @param {Name} name
 * @param {EdgeSlots[Name]} value
 */
function write(name, value) {
  holder[name] = value
}

/** @param {PageGate | undefined} gate */
export function registerPageGate(gate) {
  write('pageGate', gate)
}

/** The page gate instrumentation registered, or undefined before it ran. */
export function registeredPageGate() {
  return read('pageGate')
}

/** @param {StoreResolver | undefined} resolver */
export function registerStoreResolver(resolver) {
  write('storeResolver', resolver)
}

/** The store resolver instrumentation registered (before the page gate), or undefined before it ran. */
export function registeredStoreResolver() {
  return read('storeResolver')
}

/** @param {ConsoleGate | undefined} gate */
export function registerConsoleGate(gate) {
  write('consoleGate', gate)
}

/** Whether the console answers on a host (registered with the store resolver), or undefined before. */
export function registeredConsoleGate() {
  return read('consoleGate')
}

/** @param {ApiDispatch | undefined} dispatch */
export function registerApiDispatch(dispatch) {
  write('apiDispatch', dispatch)
}

/** The API dispatch instrumentation registered, or undefined before it ran (Next serves the API). */
export function registeredApiDispatch() {
  return read('apiDispatch')
}

/** The route cache's state of this process, made on first use. */
export function routeCacheState() {
  let state = read('routeCache')
  if (!state) {
    state = { entries: new Map(), bytes: 0, tagTimes: new Map(), generation: 0, storeGenerations: new Map(), misses: new Map(), announce: null }
    write('routeCache', state)
  }
  return state
}
