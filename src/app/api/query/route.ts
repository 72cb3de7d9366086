// The query API (spec 7): the endpoint lives in src/web/endpoints/query-endpoint.ts.
export { GET, POST } from '@/web/endpoints/query-endpoint'

export const dynamic = 'force-dynamic'
