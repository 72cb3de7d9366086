import type { OrderSummaryData } from '@/isomorphic/cart-types'
import type { CacheName, DeliveryMethod, OrderExtraField, PaymentAcquirer } from '@/isomorphic/contract/queries'
import type { MutationInputs, MutationKey, MutationResponses } from '@/isomorphic/contract/mutations'
import type { CreateOrderPayload, GiftCard, OrderDetails, OrderOption, PlacedOrder } from './order-contract'

// The checkout's and the order pages' calls (spec 7), typed once. Every call is a POST and none is
// retried (spec 7: mutating requests never are; a retried createOrder would be safe, since the
// order sequence makes it idempotent, but the shopper decides). A refusal keeps the server's
// message and, for a price change, the summary the server priced.

export class CheckoutApiError extends Error {
  override readonly name = 'CheckoutApiError'
  constructor(
    message: string,
    readonly status: number | null,
    /** The server's own message, safe to show; null when it sent none. */
    readonly serverMessage: string | null,
    readonly code: string | null,
    readonly body: unknown,
  ) {
    super(message)
  }
}

type Fetch = typeof fetch

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null

function refusalOf(status: number, body: unknown, statusText: string): CheckoutApiError {
  const root = record(body)
  const error = record(root?.error)
  const message =
    (typeof root?.statusMessage === 'string' && root.statusMessage) ||
    (typeof error?.message === 'string' && error.message) ||
    null
  const code = typeof error?.code === 'string' ? error.code : null
  return new CheckoutApiError(message ?? (statusText || `HTTP ${status}`), status, message, code, body)
}

function isSummary(value: unknown): value is OrderSummaryData {
  const summary = record(value)
  return summary !== null && typeof summary.subTotal === 'number' && typeof summary.totalPrice === 'number'
}

/** The order summary a refusal carries (a 409 after prices changed), wherever the answer puts it. */
export function summaryOfRefusal(error: unknown): OrderSummaryData | null {
  if (!(error instanceof CheckoutApiError)) return null
  const root = record(error.body)
  const inner = record(root?.error)
  const candidates = [inner?.orderSummary, record(inner?.details)?.orderSummary, root?.orderSummary, record(root?.data)?.orderSummary]
  return (candidates.find(isSummary) as OrderSummaryData | undefined) ?? null
}

export function createCheckoutApi({ fetch: fetchFn = (...args: Parameters<Fetch>) => globalThis.fetch(...args), baseURL = '' }: { fetch?: Fetch; baseURL?: string } = {}) {
  async function post<T>(path: string, body: Record<string, unknown>): Promise<T> {
    let response: Response
    try {
      response = await fetchFn(`${baseURL}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(body),
      })
    } catch (error) {
      throw new CheckoutApiError(error instanceof Error ? error.message : String(error), null, null, null, null)
    }
    const payload: unknown = await response.json().catch(() => null)
    if (!response.ok) throw refusalOf(response.status, payload, response.statusText)
    return payload as T
  }

  const query = <T>(key: string, value?: unknown, cache?: CacheName) =>
    post<T>('/api/query', { key, ...(value === undefined ? {} : { value }), ...(cache === undefined ? {} : { cache }) })
  const mutation = <K extends MutationKey>(key: K, input: MutationInputs[K]) => post<MutationResponses[K]>('/api/mutation', { ...input, key })

  return {
    getOrderId: () => query<{ orderSequence: string }>('getOrderId'),
    createOrder: (payload: CreateOrderPayload) => mutation('createOrder', payload),
    getOrders: (uid: string) => query<{ orders: { orders: PlacedOrder[] } }>('getOrders', { filter: { uid } }),
    getOrderDetails: (id: number, accessToken?: string | null) =>
      query<{ order: OrderDetails }>('getOrderDetails', accessToken ? { id, accessToken } : { id }),
    getGiftCards: () => query<{ giftCards: GiftCard[] }>('getGiftCards'),
    redeemGiftCard: (gcNumber: string) => mutation('redeemGiftCard', { gcNumber }),
    checkGiftCard: (gcNumber: string) => mutation('checkGiftCard', { gcNumber }),
    orderPayment: (input: MutationInputs['orderPayment']) => mutation('orderPayment', input),
    /** Asks the server to check the order's card payment with the provider (the return from its page). */
    checkPayment: (input: MutationInputs['checkPayment']) => mutation('checkPayment', input),
    getOrderExtraFields: () => query<{ orderextrafields: OrderExtraField[] }>('getOrderExtraFields', undefined, 'OrderExtraFields'),
    getOrderOptions: () => query<{ orderOptions: OrderOption[] }>('getOrderOptions'),
    getPaymentMethods: () => query<{ paymentAcquirers: PaymentAcquirer[] }>('getPaymentMethods', undefined, 'PaymentMethods'),
    getDeliveryMethods: () => query<{ shippingmethods: { shippingmethod: DeliveryMethod[] } }>('getDeliveryMethods', undefined, 'DeliveryMethods'),
  }
}

export type CheckoutApi = ReturnType<typeof createCheckoutApi>

/** The browser's checkout client (same origin). */
export const checkoutApi: CheckoutApi = createCheckoutApi()
