// The console's reads: src/web/endpoints/admin-endpoints.ts (decision 021).
export { adminQuery as POST } from '@/web/endpoints/admin-endpoints'

export const dynamic = 'force-dynamic'
