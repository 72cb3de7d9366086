// The console's CSV export of an order list view: src/web/endpoints/admin-downloads.ts.
export { ordersCsv as GET } from '@/web/endpoints/admin-downloads'

export const dynamic = 'force-dynamic'
