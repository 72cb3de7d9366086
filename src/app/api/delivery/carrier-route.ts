// The four local carrier endpoints (spec 7) share one shape: same-origin check, JSON body, core
// call, `{ data }` answer that no cache keeps.
import type { Carrier } from '@/server/delivery/carrier-endpoints-service'
import { carrierCharges, warmCarrierToken } from '@/server/delivery/carrier-endpoints-service'
import { dataResponse, defineRoute } from '@/web/define-route'

type Action = typeof warmCarrierToken | typeof carrierCharges

function carrierRoute(carrier: Carrier, action: Action) {
  return defineRoute({
    sameOrigin: true,
    input: 'json',
    handler: async ({ ctx, input }) => dataResponse(await action(ctx, { carrier, body: input })),
  })
}

export const tokenRoute = (carrier: Carrier) => carrierRoute(carrier, warmCarrierToken)
export const chargesRoute = (carrier: Carrier) => carrierRoute(carrier, carrierCharges)
