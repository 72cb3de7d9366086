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
// src/app/[locale]; without a prefix the router maps /shop to /en/shop internally. Done with config
// rewrites rather than a middleware rewrite: Next 16.2.6+ turns middleware rewrites into 307 loops
// when the server is reached by another host name than it thinks it has (vercel/next.js#94342).
const usesLocalePrefix = process.env.NEXT_PUBLIC_LOCALE_PREFIX === 'prefix'
const LOCALE = 'en'
// Page addresses: not the API, not Next's files, not already localized, not the operator console
// (src/app/admin, outside the [locale] segment: decision 021), no file extension.
const PAGE_PATH = `/:path((?!api(?:/|$)|_next/|admin(?:/|$)|${LOCALE}(?:/|$))[^.]*)`

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
    if (usesLocalePrefix) return []
    return {
      beforeFiles: [
        { source: '/', destination: `/${LOCALE}` },
        { source: PAGE_PATH, destination: `/${LOCALE}/:path` },
      ],
      afterFiles: [],
      fallback: [],
    }
  },
  typescript: { ignoreBuildErrors: true }, // `npm run typecheck` is the one type gate
  experimental: {
    // Two cores here: building with more workers only thrashes.
    cpus: 2,
  },
}

export default withNextIntl(nextConfig)
