// Console sign-out: src/web/endpoints/admin-endpoints.ts (decision 021).
export { adminSignOut as POST } from '@/web/endpoints/admin-endpoints'

export const dynamic = 'force-dynamic'
