// POST /api/delivery/ups/getCharges {methodId, items, address}: the method's price in dollars for the
// cart items shipped to the address, priced on the server: {data: {price, free}}.
import { chargesRoute } from '../../carrier-route'

export const dynamic = 'force-dynamic'
export const POST = chargesRoute('ups')
