// The hot JSON API without Next's router (decision 016): /api/query, /api/mutation and the saved
// cart (/api/user/cart). Through Next's route machinery these cost more CPU than most answers do
// themselves (a signed-in getPartner is two indexed selects), and at 50 signed-in users that
// machinery decided the p99. The endpoints are plain (Request) => Response functions, so
// scripts/server.mjs hands these paths straight to them; Next still serves them in development,
// before this is registered, and every other route.
//
// Registered by src/instrumentation.ts in the edge registry (edge-registry.mjs), like the page
// gate: scripts/server.mjs is plain JavaScript and cannot import the TypeScript core, and the
// core's singletons (database pool, caches, rate limits) are one per process, so both paths share them.
import type { ApiDispatch, ApiEndpoint } from './edge-registry.mjs'
import { POST as cart } from './endpoints/cart-endpoint'
import { POST as mutation } from './endpoints/mutation-endpoint'
import { GET as queryByGet, POST as query } from './endpoints/query-endpoint'

const ENDPOINTS = new Map<string, ApiEndpoint>([
  ['POST /api/query', query],
  ['GET /api/query', queryByGet],
  ['POST /api/mutation', mutation],
  ['POST /api/user/cart', cart],
])

export const apiDispatch: ApiDispatch = (method, pathname) => ENDPOINTS.get(`${method} ${pathname}`)
