// The saved cart (spec 3, 7; decision 010): the endpoint lives in src/web/endpoints/cart-endpoint.ts.
export { POST } from '@/web/endpoints/cart-endpoint'

export const dynamic = 'force-dynamic'
