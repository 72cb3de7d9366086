import type { PostalAddress, PricedLine } from '../kernel/pricing-types'
import { type Cents, fromCents, toCents } from '../kernel/money'
import { checkServiceUrl, cleanServiceMessage, cutZip, DEFAULT_TAX_TIMEOUT_MS, isRecord, postJson, TaxServiceError } from './tax-http'

// Avalara AvaTax REST v2 CreateTransaction (external-apis.md §4): an estimate (type SalesOrder,
// commit false — nothing is recorded), one line per cart line with the product's tax code
// (PC040100 unless the product says otherwise) and one line for shipping with FR030000. Each
// product line ships from its decoration partner (its origin) to the destination.
// Auth: Basic base64(accountId:licenseKey) from the credential's key and token. Errors come as
// { error: { code, message, details[] } }: a refusal about the request's data (an address Avalara
// cannot place …) shows Avalara's message; our own credential failing (401/403), a 5xx, a timeout
// or a body without a numeric totalTax give 'There is some error in tax calculation'.

export const AVATAX_PRODUCTION_URL = 'https://rest.avatax.com'
export const SHIPPING_TAX_CODE = 'FR030000'
export const DEFAULT_PRODUCT_TAX_CODE = 'PC040100'
/** Avalara's entity use code for resale (the buyer holds a resale certificate). */
export const RESALE_ENTITY_USE_CODE = 'G'
const CLIENT_HEADER = 'webstore; 1.0; REST; v2; server'
const WHAT = 'AvaTax'

export type AvataxConfig = {
  /** The credential's url: the AvaTax host (https://sandbox-rest.avatax.com) or the full create URL. */
  url: string | null
  accountId: string | null
  licenseKey: string | null
  companyCode?: string | null
  timeoutMs?: number
  now?: () => Date
}

export type AvataxRequest = {
  customerCode: string
  destination: PostalAddress
  lines: readonly PricedLine[]
  shipping: Cents
  /** Resale exemption: Avalara's entity use code G, with the certificate number when known. */
  exemption?: { exemptionNo?: string | null } | null
}

export type AvataxAddress = { line1: string; line2?: string; city: string; region: string; country: string; postalCode: string }

export type CreateTransactionModel = {
  type: 'SalesOrder'
  companyCode: string
  date: string
  customerCode: string
  currencyCode: 'USD'
  commit: false
  addresses: { shipFrom: AvataxAddress; shipTo: AvataxAddress }
  lines: {
    number: string
    quantity: number
    amount: number
    taxCode: string
    itemCode: string
    description: string
    addresses?: { shipFrom: AvataxAddress; shipTo: AvataxAddress }
  }[]
  entityUseCode?: string
  exemptionNo?: string
}

export type AvataxResult = {
  totalTax: Cents
  /** The tax on the shipping line. */
  shippingTax: Cents
  lines: { number: string; tax: Cents }[]
}

export const SHIPPING_LINE_NUMBER = 'shipping'

function avataxAddress(address: PostalAddress): AvataxAddress {
  const country = address.countryCode.trim().toUpperCase()
  return {
    line1: address.street,
    ...(address.street2 ? { line2: address.street2 } : {}),
    city: address.city,
    region: address.stateCode ?? '',
    country,
    // ZIPs are cut to 5 for tax lookups (spec 5); only US ZIPs, where the first 5 are the ZIP itself.
    postalCode: country === 'US' ? cutZip(address.zip) : address.zip.trim(),
  }
}

/** The CreateTransaction body for an estimate of the order's tax. */
export function buildCreateTransaction(config: Pick<AvataxConfig, 'companyCode' | 'now'>, request: AvataxRequest): CreateTransactionModel {
  const shipTo = avataxAddress(request.destination)
  const firstOrigin = request.lines.find((line) => line.origin)?.origin
  // The document's shipFrom is the first line's origin; with no origin at all the goods are
  // treated as shipped within the destination (Avalara needs a shipFrom).
  const documentFrom = firstOrigin ? avataxAddress(firstOrigin) : shipTo
  const lines: CreateTransactionModel['lines'] = request.lines.map((line, index) => ({
    number: String(index + 1),
    quantity: line.totalQuantity,
    amount: fromCents(line.amount),
    taxCode: line.taxCode || DEFAULT_PRODUCT_TAX_CODE,
    itemCode: line.templateSkuCode,
    description: line.name,
    ...(line.origin ? { addresses: { shipFrom: avataxAddress(line.origin), shipTo } } : {}),
  }))
  if (request.shipping > 0) {
    lines.push({
      number: SHIPPING_LINE_NUMBER,
      quantity: 1,
      amount: fromCents(request.shipping),
      taxCode: SHIPPING_TAX_CODE,
      itemCode: 'SHIPPING',
      description: 'Shipping',
    })
  }
  const date = (config.now ?? (() => new Date()))().toISOString().slice(0, 10)
  return {
    type: 'SalesOrder',
    companyCode: config.companyCode?.trim() || 'DEFAULT',
    date,
    customerCode: request.customerCode,
    currencyCode: 'USD',
    commit: false,
    addresses: { shipFrom: documentFrom, shipTo },
    lines,
    ...(request.exemption
      ? { entityUseCode: RESALE_ENTITY_USE_CODE, ...(request.exemption.exemptionNo ? { exemptionNo: request.exemption.exemptionNo } : {}) }
      : {}),
  }
}

function createUrl(configured: string | null): URL {
  const url = checkServiceUrl(configured || AVATAX_PRODUCTION_URL, WHAT)
  if (/\/transactions\/create\/?$/.test(url.pathname)) return url
  return new URL(`${url.pathname.replace(/\/+$/, '')}/api/v2/transactions/create`, url)
}

function errorMessage(body: unknown): string | null {
  if (!isRecord(body) || !isRecord(body.error)) return null
  const details = Array.isArray(body.error.details) ? body.error.details : []
  const first = isRecord(details[0]) ? details[0] : {}
  return cleanServiceMessage(body.error.message) ?? cleanServiceMessage(first.message) ?? cleanServiceMessage(first.description)
}

const money = (value: unknown): Cents | null => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? toCents(value) : null)

/** Asks AvaTax for the tax of the order; a TaxServiceError when it cannot say. */
export async function createAvataxTransaction(config: AvataxConfig, request: AvataxRequest): Promise<AvataxResult> {
  if (!config.accountId || !config.licenseKey) throw new TaxServiceError('not_configured', `${WHAT}: the credential lacks the account id (key) or license key (token)`)
  const url = createUrl(config.url)
  const authorization = `Basic ${Buffer.from(`${config.accountId}:${config.licenseKey}`).toString('base64')}`
  const answer = await postJson(url, buildCreateTransaction(config, request), {
    headers: { Authorization: authorization, 'X-Avalara-Client': CLIENT_HEADER },
    timeoutMs: config.timeoutMs ?? DEFAULT_TAX_TIMEOUT_MS,
    what: WHAT,
  })

  if (answer.status < 200 || answer.status >= 300) {
    const code = isRecord(answer.json) && isRecord(answer.json.error) ? String(answer.json.error.code ?? '') : ''
    const message = errorMessage(answer.json)
    // 400-class refusals about the document are the shopper's to fix; 401/403 and 429 are the
    // store's own account, and 5xx is Avalara's trouble: those get the spec's generic sentence.
    if (answer.status >= 400 && answer.status < 500 && ![401, 403, 429].includes(answer.status) && message) {
      throw new TaxServiceError('rejected', `${WHAT}: answered ${answer.status} ${code}`, message, answer.status)
    }
    throw new TaxServiceError('bad_status', `${WHAT}: answered ${answer.status} ${code}`, null, answer.status)
  }
  if (answer.malformed || !isRecord(answer.json)) throw new TaxServiceError('malformed', `${WHAT}: the body is not a JSON object`, null, answer.status)
  if (isRecord(answer.json.error)) throw new TaxServiceError('rejected', `${WHAT}: error in a 2xx answer`, errorMessage(answer.json), answer.status)
  const totalTax = money(answer.json.totalTax)
  if (totalTax === null) throw new TaxServiceError('malformed', `${WHAT}: no numeric totalTax`, null, answer.status)
  const lines: AvataxResult['lines'] = []
  for (const line of Array.isArray(answer.json.lines) ? answer.json.lines : []) {
    if (!isRecord(line)) continue
    const tax = money(line.tax)
    if (tax === null || (typeof line.lineNumber !== 'string' && typeof line.lineNumber !== 'number')) {
      throw new TaxServiceError('malformed', `${WHAT}: a line without lineNumber or numeric tax`, null, answer.status)
    }
    lines.push({ number: String(line.lineNumber), tax })
  }
  const shippingTax = Math.min(totalTax, lines.find((line) => line.number === SHIPPING_LINE_NUMBER)?.tax ?? 0)
  return { totalTax, shippingTax, lines }
}
