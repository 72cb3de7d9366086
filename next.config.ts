import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { NextConfig } from 'next'
import createNextIntlPlugin from 'next-intl/plugin'

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts')

// One id per build, written to .next/BUILD_ID (served by /api/build) and compiled into the browser
// bundle, so an open page can tell that a newer build is being served (spec 4). Kept in the
// environment so build worker processes, which load this file again, agree on it.
const buildId = (process.env.WEBSTORE_BUILD_ID ||= `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`)

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  generateBuildId: () => buildId,
  env: { NEXT_PUBLIC_BUILD_ID: buildId },
  // PGlite (WASM), pg, sharp and pino must load from node_modules at run time, not be bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'sharp', 'pino'],
  // Rendered catalog pages live in memory (src/web/route-cache-handler.mjs), not under .next/.
  cacheHandler: path.resolve(import.meta.dirname, 'src/web/route-cache-handler.mjs'),
  cacheMaxMemorySize: 0,
  typescript: { ignoreBuildErrors: true }, // `npm run typecheck` is the one type gate
  experimental: {
    // Two cores here: building with more workers only thrashes.
    cpus: 2,
  },
}

export default withNextIntl(nextConfig)
