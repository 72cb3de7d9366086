// A work order's production sheet (PDF): src/web/endpoints/admin-downloads.ts.
export { workOrderSheet as GET } from '@/web/endpoints/admin-downloads'

export const dynamic = 'force-dynamic'
