// Console sign-in, second step (TOTP or recovery code): src/web/endpoints/admin-endpoints.ts (decision 021).
export { adminSecondFactor as POST } from '@/web/endpoints/admin-endpoints'

export const dynamic = 'force-dynamic'
