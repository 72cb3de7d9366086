import { randomUUID } from 'node:crypto'
import { hang, sendJson, sendText, startFakeHttpServer, type FakeHttpServer, type RecordedRequest } from './http-fake'

// A fake UPS speaking the contracts of external-apis.md §1: the OAuth token (Basic auth, form
// grant_type=client_credentials, string expires_in), Rating v2409 and Address Validation v2, with
// UPS's error body `{ response: { errors: [{ code, message }] } }`. Each part can be switched to
// misbehave (refuse, 5xx, hang, garbage) through `mode`.

export type FakeUpsMode = {
  token: 'ok' | 'refuse' | 'server-error' | 'garbage' | 'no-access-token' | 'hang'
  /** How many token calls answer 503 before the token endpoint recovers. */
  tokenFailuresFirst: number
  rate: 'ok' | 'server-error' | 'hang' | 'garbage' | 'error_message' | 'blocked' | 'other-currency'
  xav: 'valid' | 'ambiguous' | 'none' | 'server-error'
  /** expires_in of issued tokens (UPS sends a string). */
  expiresIn: string
}

export type FakeUps = FakeHttpServer & {
  clientId: string
  clientSecret: string
  mode: FakeUpsMode
  tokenCalls: () => RecordedRequest[]
  rateCalls: () => RecordedRequest[]
  /** Invalidate every issued token (UPS revoked them before they expired). */
  revokeTokens(): void
  /** The dollar price the fake quotes: 10 + 1.50 per pound, plus 2 for origin ZIPs starting with 9. */
  priceFor(weight: number, originZip: string): number
  /** Business days in transit a Ratetimeintransit answer gives: 1 + the distance between the ZIPs' first digits, at most 5. */
  transitDaysFor(originZip: string, destinationZip: string): number
}

const INVALID_POSTAL = new Set(['00000', '99999'])

function errors(code: string, message: string) {
  return { response: { errors: [{ code, message }] } }
}

export async function startFakeUps(options: { clientId?: string; clientSecret?: string } = {}): Promise<FakeUps> {
  const clientId = options.clientId ?? 'ups-client-id'
  const clientSecret = options.clientSecret ?? 'ups-client-secret'
  const mode: FakeUpsMode = { token: 'ok', tokenFailuresFirst: 0, rate: 'ok', xav: 'valid', expiresIn: '14399' }
  const issued = new Set<string>()
  let tokenFailuresSeen = 0
  const priceFor = (weight: number, originZip: string) => 10 + 1.5 * weight + (originZip.startsWith('9') ? 2 : 0)
  const transitDaysFor = (originZip: string, destinationZip: string) => Math.min(5, 1 + Math.abs(Number(originZip[0]) - Number(destinationZip[0])))

  const bearerOk = (request: RecordedRequest) => {
    const token = request.headers.authorization?.replace(/^Bearer /, '')
    return Boolean(token && issued.has(token))
  }

  const server = await startFakeHttpServer((request, response) => {
    const path = request.path.split('?')[0]
    if (request.method === 'POST' && path === '/security/v1/oauth/token') {
      if (tokenFailuresSeen < mode.tokenFailuresFirst) {
        tokenFailuresSeen += 1
        return sendText(response, 503, 'Service Unavailable')
      }
      if (mode.token === 'hang') return hang(response)
      if (mode.token === 'server-error') return sendText(response, 500, '<html>Internal error</html>', 'text/html')
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
      if (mode.token === 'refuse' || request.headers.authorization !== expected) {
        return sendJson(response, 401, errors('10401', 'ClientId is Invalid'))
      }
      if (new URLSearchParams(request.body).get('grant_type') !== 'client_credentials' || !request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return sendJson(response, 400, errors('10400', 'Invalid/Missing grant type'))
      }
      if (mode.token === 'garbage') return sendText(response, 200, '{"access_token": ', 'application/json')
      if (mode.token === 'no-access-token') return sendJson(response, 200, { token_type: 'Bearer', status: 'approved', expires_in: mode.expiresIn })
      const accessToken = `ups-${randomUUID()}`
      issued.add(accessToken)
      return sendJson(response, 200, {
        token_type: 'Bearer',
        issued_at: String(Date.now()),
        client_id: clientId,
        access_token: accessToken,
        scope: '',
        expires_in: mode.expiresIn,
        refresh_count: '0',
        status: 'approved',
      })
    }

    if (request.method === 'POST' && /^\/api\/rating\/v\d+\/(Rate|Ratetimeintransit)$/.test(path ?? '')) {
      const withTransit = (path ?? '').endsWith('/Ratetimeintransit')
      if (!bearerOk(request)) return sendJson(response, 401, errors('250002', 'Invalid Authentication Information.'))
      if (mode.rate === 'hang') return hang(response)
      if (mode.rate === 'server-error') return sendText(response, 503, 'upstream connect error', 'text/plain')
      if (mode.rate === 'garbage') return sendText(response, 200, '<html>maintenance</html>', 'text/html')
      if (mode.rate === 'blocked') return sendJson(response, 403, errors('250003', 'Blocked Merchant'))
      if (mode.rate === 'error_message') return sendJson(response, 200, { error_message: 'Invalid ShipTo address' })
      const body = JSON.parse(request.body) as {
        RateRequest?: {
          Shipment?: {
            Shipper?: { Address?: { PostalCode?: string } }
            ShipTo?: { Address?: { PostalCode?: string; StateProvinceCode?: string } }
            Package?: unknown
            ShipmentTotalWeight?: { Weight?: string }
            DeliveryTimeInformation?: { PackageBillType?: string }
          }
        }
      }
      const shipment = body.RateRequest?.Shipment
      const to = shipment?.ShipTo?.Address
      const from = shipment?.Shipper?.Address
      if (!shipment || !to?.PostalCode || !from?.PostalCode) return sendJson(response, 400, errors('111100', 'Missing or invalid shipper or ship to postal code.'))
      if (INVALID_POSTAL.has(to.PostalCode)) {
        return sendJson(response, 400, errors('111285', `The postal code ${to.PostalCode} is invalid for ${to.StateProvinceCode ?? ''} United States.`))
      }
      const packages = (Array.isArray(shipment.Package) ? shipment.Package : [shipment.Package]) as { PackageWeight?: { Weight?: unknown } }[]
      const weights = packages.map((pkg) => pkg.PackageWeight?.Weight)
      if (weights.some((weight) => typeof weight !== 'string' || !/^\d+(\.\d+)?$/.test(weight) || weight.length > 6)) {
        return sendJson(response, 400, errors('111057', 'Package weight is invalid.'))
      }
      const total = weights.reduce<number>((sum, weight) => sum + Number(weight), 0)
      const price = priceFor(total, from.PostalCode).toFixed(2)
      // Time in transit needs the shipment's total weight and its bill type (UPS Rating.yaml).
      if (withTransit && (!shipment.ShipmentTotalWeight?.Weight || !shipment.DeliveryTimeInformation?.PackageBillType)) {
        return sendJson(response, 400, errors('111500', 'Missing ShipmentTotalWeight or DeliveryTimeInformation for time in transit.'))
      }
      const days = transitDaysFor(from.PostalCode, to.PostalCode)
      const timeInTransit = withTransit
        ? {
            TimeInTransit: {
              PackageBillType: '03',
              ServiceSummary: {
                Service: { Description: 'UPS Ground' },
                EstimatedArrival: { Arrival: { Date: '20260305', Time: '233000' }, BusinessDaysInTransit: String(days), DayOfWeek: 'THU' },
              },
            },
          }
        : {}
      return sendJson(response, 200, {
        RateResponse: {
          Response: { ResponseStatus: { Code: '1', Description: 'Success' }, Alert: [{ Code: '110971', Description: 'Your invoice may vary from the displayed reference rates' }] },
          RatedShipment: [
            {
              Service: { Code: '03', Description: '' },
              BillingWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: total.toFixed(1) },
              TransportationCharges: { CurrencyCode: 'USD', MonetaryValue: price },
              ServiceOptionsCharges: { CurrencyCode: 'USD', MonetaryValue: '0.00' },
              TotalCharges: { CurrencyCode: mode.rate === 'other-currency' ? 'EUR' : 'USD', MonetaryValue: price },
              RatedPackage: [{ Weight: total.toFixed(1), TotalCharges: { CurrencyCode: 'USD', MonetaryValue: price } }],
              ...timeInTransit,
            },
          ],
        },
      })
    }

    if (request.method === 'POST' && /^\/api\/addressvalidation\/v\d+\/[123]$/.test(path ?? '')) {
      if (!bearerOk(request)) return sendJson(response, 401, errors('250002', 'Invalid Authentication Information.'))
      if (mode.xav === 'server-error') return sendText(response, 500, 'oops')
      const body = JSON.parse(request.body) as { XAVRequest?: { AddressKeyFormat?: Record<string, unknown> } }
      const address = body.XAVRequest?.AddressKeyFormat
      if (!address?.CountryCode) return sendJson(response, 400, errors('264002', 'Country Code is invalid or missing.'))
      const candidate = (extended: string) => ({
        AddressClassification: { Code: '2', Description: 'Residential' },
        AddressKeyFormat: {
          AddressLine: (address.AddressLine as string[] | undefined)?.map((line) => line.toUpperCase()) ?? [],
          PoliticalDivision2: String(address.PoliticalDivision2 ?? '').toUpperCase(),
          PoliticalDivision1: address.PoliticalDivision1,
          PostcodePrimaryLow: address.PostcodePrimaryLow,
          PostcodeExtendedLow: extended,
          CountryCode: address.CountryCode,
        },
      })
      const status = { ResponseStatus: { Code: '1', Description: 'Success' } }
      if (mode.xav === 'none') return sendJson(response, 200, { XAVResponse: { Response: status, NoCandidatesIndicator: '' } })
      if (mode.xav === 'ambiguous') {
        return sendJson(response, 200, { XAVResponse: { Response: status, AmbiguousAddressIndicator: '', Candidate: [candidate('1234'), candidate('5678')] } })
      }
      return sendJson(response, 200, {
        XAVResponse: { Response: status, ValidAddressIndicator: '', AddressClassification: { Code: '2', Description: 'Residential' }, Candidate: [candidate('1234')] },
      })
    }

    sendJson(response, 404, errors('404', 'Resource not found'))
  })

  return {
    ...server,
    clientId,
    clientSecret,
    mode,
    tokenCalls: () => server.requests.filter((r) => r.path.startsWith('/security/v1/oauth/token')),
    rateCalls: () => server.requests.filter((r) => r.path.startsWith('/api/rating/')),
    revokeTokens: () => issued.clear(),
    priceFor,
    transitDaysFor,
  }
}
