import { randomUUID } from 'node:crypto'
import { hang, sendJson, sendText, startFakeHttpServer, type FakeHttpServer, type RecordedRequest } from './http-fake'

// A fake FedEx speaking external-apis.md §2: POST /oauth/token (credentials in the form body,
// numeric expires_in) and POST /rate/v1/rates/quotes (ACCOUNT and LIST rated details, plain
// number totalNetCharge), with FedEx's error body `{ transactionId, errors: [{ code, message }] }`.

export type FakeFedexMode = {
  token: 'ok' | 'refuse' | 'server-error' | 'garbage' | 'hang'
  rate: 'ok' | 'list-only' | 'server-error' | 'hang' | 'garbage' | 'account-mismatch'
  expiresIn: number
}

export type FakeFedex = FakeHttpServer & {
  mode: FakeFedexMode
  tokenCalls: () => RecordedRequest[]
  rateCalls: () => RecordedRequest[]
  revokeTokens(): void
  /** The ACCOUNT (negotiated) dollar price: 9 + 1.25 per pound; LIST is 2 more. */
  priceFor(weight: number): number
  /** The transit FedEx answers when asked for transit times (returnTransitTimes): THREE_DAYS. */
  transitDays: number
}

const fedexError = (code: string, message: string) => ({ transactionId: randomUUID(), errors: [{ code, message }] })

export async function startFakeFedex(options: { clientId?: string; clientSecret?: string; accountNumber?: string } = {}): Promise<FakeFedex> {
  const clientId = options.clientId ?? 'fedex-api-key'
  const clientSecret = options.clientSecret ?? 'fedex-secret-key'
  const accountNumber = options.accountNumber ?? '740561073'
  const mode: FakeFedexMode = { token: 'ok', rate: 'ok', expiresIn: 3599 }
  const issued = new Set<string>()
  const priceFor = (weight: number) => Math.round((9 + 1.25 * weight) * 100) / 100

  const server = await startFakeHttpServer((request, response) => {
    if (request.method === 'POST' && request.path === '/oauth/token') {
      if (mode.token === 'hang') return hang(response)
      if (mode.token === 'server-error') return sendJson(response, 503, fedexError('SERVICE.UNAVAILABLE.ERROR', 'The service is currently unavailable.'))
      if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return sendJson(response, 400, fedexError('BAD.REQUEST.ERROR', 'Content-Type must be application/x-www-form-urlencoded'))
      }
      const form = new URLSearchParams(request.body)
      if (mode.token === 'refuse' || form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret || form.get('grant_type') !== 'client_credentials') {
        return sendJson(response, 401, fedexError('NOT.AUTHORIZED.ERROR', 'The given client credentials were not valid. Please modify your request and try again.'))
      }
      if (mode.token === 'garbage') return sendText(response, 200, 'not json at all', 'application/json')
      const accessToken = `fedex-${randomUUID()}`
      issued.add(accessToken)
      return sendJson(response, 200, { access_token: accessToken, token_type: 'bearer', expires_in: mode.expiresIn, scope: 'CXS' })
    }

    if (request.method === 'POST' && request.path === '/rate/v1/rates/quotes') {
      const token = request.headers.authorization?.replace(/^Bearer /, '')
      if (!token || !issued.has(token)) return sendJson(response, 401, fedexError('NOT.AUTHORIZED.ERROR', 'Access token expired. Please modify your request and try again.'))
      if (mode.rate === 'hang') return hang(response)
      if (mode.rate === 'server-error') return sendJson(response, 500, fedexError('INTERNAL.SERVER.ERROR', 'We encountered an unexpected error and are working to resolve the issue.'))
      if (mode.rate === 'garbage') return sendText(response, 200, '{"output":', 'application/json')
      const body = JSON.parse(request.body) as {
        accountNumber?: { value?: string }
        requestedShipment?: {
          shipper?: { address?: { postalCode?: string; countryCode?: string } }
          recipient?: { address?: { postalCode?: string; countryCode?: string } }
          pickupType?: string
          requestedPackageLineItems?: { weight?: { units?: string; value?: unknown } }[]
        }
        rateRequestControlParameters?: { returnTransitTimes?: boolean }
      }
      if (mode.rate === 'account-mismatch' || body.accountNumber?.value !== accountNumber) {
        return sendJson(response, 400, fedexError('ACCOUNT.NUMBER.MISMATCH', 'When payment Type is SENDER, ShippingChargesPayment Payor AccountNumber should match the shipper account number.'))
      }
      const shipment = body.requestedShipment
      const to = shipment?.recipient?.address
      if (!shipment?.pickupType || !shipment.shipper?.address?.postalCode || !to?.countryCode) {
        return sendJson(response, 400, fedexError('SHIPPER.POSTALSTATE.MISMATCH', 'Shipper postal code is missing.'))
      }
      if (!to.postalCode || to.postalCode === '00000') {
        return sendJson(response, 400, fedexError('RECIPIENT.POSTALCODE.INVALID', 'Recipient Postal code or routing code is invalid.'))
      }
      const items = shipment.requestedPackageLineItems ?? []
      if (items.length === 0 || items.some((item) => item.weight?.units !== 'LB' || typeof item.weight.value !== 'number' || item.weight.value <= 0)) {
        return sendJson(response, 400, fedexError('WEIGHT.VALUE.INVALID', 'Please enter a valid package weight.'))
      }
      const weight = items.reduce((sum, item) => sum + (item.weight!.value as number), 0)
      const account = priceFor(weight)
      const details = [
        { rateType: 'ACCOUNT', ratedWeightMethod: 'ACTUAL', totalDiscounts: 0, totalBaseCharge: account - 1, totalNetCharge: account, totalNetFedExCharge: account, shipmentRateDetail: { rateZone: '5', currency: 'USD', totalSurcharges: 1 } },
        { rateType: 'LIST', totalBaseCharge: account + 1, totalNetCharge: Math.round((account + 2) * 100) / 100, totalNetFedExCharge: account + 2, shipmentRateDetail: { currency: 'USD' } },
      ]
      return sendJson(response, 200, {
        transactionId: randomUUID(),
        output: {
          alerts: [{ code: 'VIRTUAL.RESPONSE', message: 'This is a Virtual Response.', alertType: 'NOTE' }],
          rateReplyDetails: [
            {
              serviceType: 'FEDEX_GROUND',
              serviceName: 'FedEx Ground®',
              packagingType: 'YOUR_PACKAGING',
              ratedShipmentDetails: mode.rate === 'list-only' ? details.slice(1) : details,
              ...(body.rateRequestControlParameters?.returnTransitTimes
                ? { operationalDetail: { transitTime: 'THREE_DAYS' }, commit: { transitDays: { description: '3 Business Days', minimumTransitTime: 'THREE_DAYS' } } }
                : {}),
            },
          ],
        },
      })
    }

    sendJson(response, 404, fedexError('NOT.FOUND.ERROR', 'The resource you requested is no longer available.'))
  })

  return {
    ...server,
    mode,
    tokenCalls: () => server.requests.filter((r) => r.path === '/oauth/token'),
    rateCalls: () => server.requests.filter((r) => r.path === '/rate/v1/rates/quotes'),
    revokeTokens: () => issued.clear(),
    priceFor,
    transitDays: 3,
  }
}
