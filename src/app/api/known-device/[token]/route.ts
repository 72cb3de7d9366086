// GET /api/known-device/{token}: a mailed link that lets the browser opening it sign in while
// the account is held for unknown browsers (issue 24; src/web/endpoints/admin-endpoints.ts).
export { adminKnownDevice as GET } from '@/web/endpoints/admin-endpoints'

export const dynamic = 'force-dynamic'
