// The variables of the environment the production server (scripts/server.mjs) reads before Next
// and the TypeScript core are loaded: how it listens, whom it believes, how many workers it runs,
// how much the route cache keeps. Plain JavaScript, pure and typed (checkJs), so the server script
// imports it as it is; src/server/env.ts validates the same variables with these same readers, so
// each has one definition and the whole environment is checked in one place (decision 019).

/** @typedef {boolean | number} TrustProxy */
/**
 * @typedef {object} EdgeEnv
 * @property {number} port PORT, default 3000
 * @property {string | undefined} hostname HOSTNAME_BIND: the interface to listen on; unset, all
 * @property {TrustProxy} trustProxy TRUST_PROXY: how many proxies in front set X-Forwarded-For
 * @property {number} workers WEB_CONCURRENCY: worker processes on the one port, default 1
 * @property {boolean} production NODE_ENV is production
 * @property {string | undefined} publicOrigin PUBLIC_ORIGIN as given (env.ts normalizes it for the core)
 * @property {number} routeCacheMaxBytes ROUTE_CACHE_MAX_BYTES: what the route cache keeps, default 256 MiB
 */

/**
 * A reader turns a variable's text into its value, or throws an Error saying what is wrong.
 * @template T
 * @typedef {(text: string | undefined) => T} Reader
 */

/**
 * PORT: 3000 when unset; 0 lets the system choose a free port.
 * @type {Reader<number>}
 */
export function readPort(text) {
  const value = text?.trim()
  if (!value) return 3000
  const port = Number(value)
  if (!/^\d{1,5}$/.test(value) || port > 65_535) throw new Error('must be a port number from 0 to 65535.')
  return port
}

/** @type {Reader<string | undefined>} */
export function readHostname(text) {
  return text?.trim() || undefined
}

/**
 * TRUST_PROXY: unset or false, no proxy; true (or 1, yes), one proxy; a number from 2 up, that many
 * proxies. Anything else reads as no proxy: believing forwarding headers must be asked for plainly.
 * @type {Reader<TrustProxy>}
 */
export function trustProxySetting(text) {
  const value = String(text ?? '').trim().toLowerCase()
  if (/^(true|yes|1)$/.test(value)) return true
  if (/^[2-9]$/.test(value)) return Number(value)
  return false
}

/** @type {Reader<number>} */
export function readWorkerCount(text) {
  const count = Number(text?.trim() || '1')
  if (!Number.isInteger(count) || count < 1 || count > 64) throw new Error('must be a whole number from 1 to 64.')
  return count
}

/** @type {Reader<number>} */
export function readRouteCacheMaxBytes(text) {
  const value = text?.trim()
  if (!value) return 256 * 1024 * 1024
  const bytes = Number(value)
  if (!Number.isInteger(bytes) || bytes < 0) throw new Error('must be a whole number of bytes.')
  return bytes
}

/**
 * @template T
 * @param {Record<string, string | undefined>} source
 * @param {string} name
 * @param {Reader<T>} reader
 * @returns {T}
 */
function read(source, name, reader) {
  try {
    return reader(source[name])
  } catch (error) {
    throw new Error(`${name}=${source[name]?.trim()}: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
}

/**
 * The server's variables, read and checked; throws with the variable, its value and the rule.
 * Several workers need PostgreSQL (PGlite serves one process) and Redis (each worker keeps its own
 * caches and must hear the others' invalidations): decision 014.
 * @param {Record<string, string | undefined>} [source]
 * @returns {EdgeEnv}
 */
export function edgeEnv(source = process.env) {
  const workers = read(source, 'WEB_CONCURRENCY', (text) => {
    const count = readWorkerCount(text)
    if (count > 1 && !source.DATABASE_URL) {
      throw new Error('several worker processes need PostgreSQL (DATABASE_URL); the embedded database (PGlite) serves one process only.')
    }
    if (count > 1 && !source.REDIS_URL) {
      throw new Error("several worker processes need Redis (REDIS_URL): each keeps its own caches and must hear the others' invalidations.")
    }
    return count
  })
  return {
    port: read(source, 'PORT', readPort),
    hostname: read(source, 'HOSTNAME_BIND', readHostname),
    trustProxy: read(source, 'TRUST_PROXY', trustProxySetting),
    workers,
    production: source.NODE_ENV === 'production',
    publicOrigin: source.PUBLIC_ORIGIN || undefined,
    routeCacheMaxBytes: read(source, 'ROUTE_CACHE_MAX_BYTES', readRouteCacheMaxBytes),
  }
}
