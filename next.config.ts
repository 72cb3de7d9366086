import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { NextConfig } from 'next'
import createNextIntlPlugin from 'next-intl/plugin'

// Messages are compiled at build time, so the browser formats them without shipping the ICU
// message parser (≈ 13 kB gzip on every page).
const withNextIntl = createNextIntlPlugin({
  requestConfig: './src/i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
})

// One id per build, written to .next/BUILD_ID (served by /api/build) and compiled into the browser
// bundle, so an open page can tell that a newer build is being served (spec 4). Kept in the
// environment so build worker processes, which load this file again, agree on it.
const buildId = (process.env.WEBSTORE_BUILD_ID ||= `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`)

// Spec 1: one locale (en) whose prefix in addresses is configurable. Every page lives under
// src/app/[store]/[locale]; without a prefix the router maps /shop to /{store}/en/shop internally. Done with config
// rewrites rather than a middleware rewrite: Next 16.2.6+ turns middleware rewrites into 307 loops
// when the server is reached by another host name than it thinks it has (vercel/next.js#94342).
const usesLocalePrefix = process.env.NEXT_PUBLIC_LOCALE_PREFIX === 'prefix'
const LOCALE = 'en'
// Page addresses: not the API, not Next's files, not already localized, not the operator console
// (src/app/admin, outside the [locale] segment: decision 021), no file extension.
const PAGE_PATH = `/:path((?!api(?:/|$)|_next/|_\\d|admin(?:/|$)|${LOCALE}(?:/|$))[^.]*)`

// Every page is drawn for one store (decision 025): scripts/server.mjs resolves the request's store
// from its host and sets this header (any copy the client sent is dropped first), and the rewrites
// below turn it into the [store] segment, so /shop is /_{store}/en/shop inside and each store's pages
// are cached apart. Without the header (`next dev`, where no edge runs) a page is WEBSITE_ID's
// store's. The inside addresses (/_1/…) are left alone by the rewrites (they chain: a rewritten
// address is matched by the rules after it), and the server refuses them from clients.
const STORE_FROM_EDGE = [{ type: 'header' as const, key: 'x-webstore-store', value: '(?<store>[1-9]\\d{0,8})' }]
const DEFAULT_STORE = process.env.WEBSITE_ID || '1'

/** The rewrites of one page address (`source`) to its place under [store]/[locale] (`inside`). */
function toStorePage(source: string, inside: string) {
  return [
    { source, has: STORE_FROM_EDGE, destination: `/_:store/${inside}` },
    { source, destination: `/_${DEFAULT_STORE}/${inside}` },
  ]
}

// Security headers (CSP, framing, HSTS …) are set by the production server for every answer, not
// here: scripts/security-headers.mjs, decision 013.

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // scripts/server.mjs compresses (and passes pre-compressed answers through untouched).
  compress: false,
  generateBuildId: () => buildId,
  env: { NEXT_PUBLIC_BUILD_ID: buildId },
  // PGlite (WASM), pg, ioredis, sharp and pino must load from node_modules at run time, not be bundled.
  serverExternalPackages: ['@node-rs/argon2', '@electric-sql/pglite', 'pg', 'ioredis', 'sharp', 'pino', 'nodemailer', 'pdfkit'],
  // Rendered catalog pages live in memory (src/web/route-cache-handler.mjs), not under .next/.
  cacheHandler: path.resolve(import.meta.dirname, 'src/web/route-cache-handler.mjs'),
  cacheMaxMemorySize: 0,
  async redirects() {
    if (usesLocalePrefix) {
      return [
        { source: '/', destination: `/${LOCALE}`, permanent: false },
        { source: PAGE_PATH, destination: `/${LOCALE}/:path`, permanent: false },
      ]
    }
    return [
      { source: `/${LOCALE}`, destination: '/', permanent: false },
      { source: `/${LOCALE}/:path*`, destination: '/:path*', permanent: false },
    ]
  },
  async rewrites() {
    const pages = usesLocalePrefix
      ? [...toStorePage(`/${LOCALE}`, LOCALE), ...toStorePage(`/${LOCALE}/:path*`, `${LOCALE}/:path*`)]
      : [...toStorePage('/', LOCALE), ...toStorePage(PAGE_PATH, `${LOCALE}/:path`)]
    return { beforeFiles: pages, afterFiles: [], fallback: [] }
  },
  typescript: { ignoreBuildErrors: true }, // `npm run typecheck` is the one type gate
  experimental: {
    // Two cores here: building with more workers only thrashes.
    cpus: 2,
    // Next would load every route's code as the server starts, holding the first answer back by
    // ≈ 0.6 s (P8); scripts/server.mjs loads them once the first answer is out instead.
    preloadEntriesOnStart: false,
  },
}

export default withNextIntl(nextConfig)
