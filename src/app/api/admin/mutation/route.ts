// The console's writes: src/web/endpoints/admin-endpoints.ts (decision 021).
export { adminMutation as POST } from '@/web/endpoints/admin-endpoints'

export const dynamic = 'force-dynamic'
