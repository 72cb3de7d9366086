// POST /api/delivery/ups/getToken {methodId}: warms the server-side token for the method's carrier
// account and answers {data: {ready: true, expiresAt}} — never the token itself.
import { tokenRoute } from '../../carrier-route'

export const dynamic = 'force-dynamic'
export const POST = tokenRoute('ups')
