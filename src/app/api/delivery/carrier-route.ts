// The four local carrier endpoints (spec 7) share one shape: same-origin check, JSON body, core
// call, `{ data }` answer that no cache keeps.
import type { Carrier } from '@/server/delivery/carrier-endpoints-service'
import { carrierCharges, warmCarrierToken } from '@/server/delivery/carrier-endpoints-service'
import { apiContext, assertSameOrigin, errorResponse, parseJson } from '@/web/http'

type Action = typeof warmCarrierToken | typeof carrierCharges

function carrierRoute(carrier: Carrier, action: Action) {
  return async function POST(request: Request): Promise<Response> {
    try {
      assertSameOrigin(request)
      const body = await parseJson(request)
      const data = await action(apiContext(request), { carrier, body })
      return Response.json({ data }, { headers: { 'Cache-Control': 'no-store' } })
    } catch (error) {
      return errorResponse(error)
    }
  }
}

export const tokenRoute = (carrier: Carrier) => carrierRoute(carrier, warmCarrierToken)
export const chargesRoute = (carrier: Carrier) => carrierRoute(carrier, carrierCharges)
