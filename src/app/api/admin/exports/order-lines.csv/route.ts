// The console's CSV export of the lines of an order list view's orders: src/web/endpoints/admin-downloads.ts.
export { orderLinesCsv as GET } from '@/web/endpoints/admin-downloads'

export const dynamic = 'force-dynamic'
