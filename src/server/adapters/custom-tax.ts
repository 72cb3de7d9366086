import { checkServiceUrl, cleanServiceMessage, cutZip, DEFAULT_TAX_TIMEOUT_MS, isRecord, postJson, TaxServiceError } from './tax-http'

// A store's own tax service (tax_credentials.taxname 'custom'; spec 7 /api/taxes/custom).
//
// Contract (what the spec's client sent and read):
//   POST <credential url>   { "address_list": [{ "zip": "80202", "street", "city", "state", "country" }] }
//     (ZIPs cut to 5 characters; `Authorization: Bearer <credential token>` when the store set a token)
//   200 { "result": { "success": true,
//                     "data": [{ "zip": "80202", "tax_percentage": 8.81, "ShippingTaxable": false }] } }
//   refusal: { "result": { "success": false, "message": "…" } } (any status), or a 4xx with a
//     `message` / `error` — the service's message is shown to the shopper.
// Anything else (5xx, timeout, HTML, a missing or non-numeric tax_percentage) is a failure: never a
// rate of 0. The URL and token come from the database only, never from a request.

export type CustomTaxAddress = {
  zip: string
  street?: string | null
  city?: string | null
  state?: string | null
  country?: string | null
}

export type CustomTaxRate = { zip: string; tax_percentage: number; ShippingTaxable: boolean }

export type CustomTaxConfig = { url: string | null; token?: string | null; timeoutMs?: number }

const WHAT = 'custom tax service'

function refusalMessage(body: unknown): string | null {
  if (!isRecord(body)) return null
  const result = isRecord(body.result) ? body.result : {}
  const error = isRecord(body.error) ? body.error.message : body.error
  return (
    cleanServiceMessage(result.message) ??
    cleanServiceMessage(result.error) ??
    cleanServiceMessage(body.message) ??
    cleanServiceMessage(error)
  )
}

function readPercentage(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
  return Number.isFinite(number) && number >= 0 && number <= 100 ? number : null
}

function readFlag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value
  if (value === 1 || value === '1' || value === 'true' || value === 'True') return true
  if (value === 0 || value === '0' || value === 'false' || value === 'False') return false
  return null
}

function readRate(entry: unknown, index: number): CustomTaxRate {
  const bad = (why: string) => new TaxServiceError('malformed', `${WHAT}: data[${index}] ${why}`)
  if (!isRecord(entry)) throw bad('is not an object')
  const zip = typeof entry.zip === 'number' ? String(entry.zip) : entry.zip
  if (typeof zip !== 'string' || zip.trim() === '') throw bad('has no zip')
  const percentage = readPercentage(entry.tax_percentage)
  if (percentage === null) throw bad('has no tax_percentage between 0 and 100')
  const shippingTaxable = readFlag(entry.ShippingTaxable)
  if (shippingTaxable === null) throw bad('has no ShippingTaxable flag')
  return { zip: cutZip(zip), tax_percentage: percentage, ShippingTaxable: shippingTaxable }
}

/** The service's rate for each address (ZIPs cut to 5 characters), or a TaxServiceError. */
export async function fetchCustomTaxRates(config: CustomTaxConfig, addressList: readonly CustomTaxAddress[]): Promise<CustomTaxRate[]> {
  const url = checkServiceUrl(config.url, WHAT)
  const headers: Record<string, string> = config.token ? { Authorization: `Bearer ${config.token}` } : {}
  const body = { address_list: addressList.map((address) => ({ ...address, zip: cutZip(address.zip) })) }
  const answer = await postJson(url, body, { headers, timeoutMs: config.timeoutMs ?? DEFAULT_TAX_TIMEOUT_MS, what: WHAT })

  const result = isRecord(answer.json) && isRecord(answer.json.result) ? answer.json.result : null
  // The service's own trouble (5xx) and our token being refused are never the shopper's to fix.
  if (answer.status >= 500 || answer.status === 401 || answer.status === 403) {
    throw new TaxServiceError('bad_status', `${WHAT}: answered ${answer.status}`, null, answer.status)
  }
  if (result?.success === false) {
    throw new TaxServiceError('rejected', `${WHAT}: success false (status ${answer.status})`, refusalMessage(answer.json), answer.status)
  }
  if (answer.status >= 400) {
    const message = refusalMessage(answer.json)
    if (message) throw new TaxServiceError('rejected', `${WHAT}: answered ${answer.status}`, message, answer.status)
  }
  if (answer.status < 200 || answer.status >= 300) throw new TaxServiceError('bad_status', `${WHAT}: answered ${answer.status}`, null, answer.status)
  if (answer.malformed) throw new TaxServiceError('malformed', `${WHAT}: the body is not JSON`, null, answer.status)
  if (!result || result.success !== true) throw new TaxServiceError('malformed', `${WHAT}: no result.success`, null, answer.status)
  if (!Array.isArray(result.data)) throw new TaxServiceError('malformed', `${WHAT}: result.data is not a list`, null, answer.status)
  return result.data.map(readRate)
}
