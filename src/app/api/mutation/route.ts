// The mutation API (spec 7): the endpoint lives in src/web/endpoints/mutation-endpoint.ts.
export { POST } from '@/web/endpoints/mutation-endpoint'

export const dynamic = 'force-dynamic'
