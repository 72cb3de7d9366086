// Console sign-in, first step (email and password): src/web/endpoints/admin-endpoints.ts (decision 021).
export { adminSignIn as POST } from '@/web/endpoints/admin-endpoints'

export const dynamic = 'force-dynamic'
