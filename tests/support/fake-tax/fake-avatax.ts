import { type FakeHttpServer, type RecordedRequest, startFakeHttpServer } from './fake-http'

// AvaTax REST v2 CreateTransaction as external-apis.md §4 describes it: Basic auth with the
// account id and license key, POST /api/v2/transactions/create, a TransactionModel back (totalTax,
// lines[] with lineNumber and tax) or { error: { code, message, details[] } }. Tax is computed from
// a small rate table by the shipTo region; shipping (FR030000) is taxed where the region taxes it;
// a resale exemption (entityUseCode G) makes everything exempt; an unknown ZIP is InvalidAddress.

export type FakeAvatax = FakeHttpServer & { accountId: string; licenseKey: string }

type Line = { number?: unknown; amount?: unknown; taxCode?: unknown; quantity?: unknown }
type Address = { region?: unknown; postalCode?: unknown; country?: unknown }
type Model = { type?: unknown; companyCode?: unknown; commit?: unknown; currencyCode?: unknown; customerCode?: unknown; date?: unknown; entityUseCode?: unknown; lines?: unknown; addresses?: { shipTo?: Address; shipFrom?: Address } }

const REGION_RATES: Record<string, { rate: number; shippingTaxable: boolean }> = {
  CO: { rate: 0.0881, shippingTaxable: false },
  GA: { rate: 0.07, shippingTaxable: true },
}
const ZIP_REGION: Record<string, string> = { '80202': 'CO', '30005': 'GA', '21093': 'MD' }

function avaError(status: number, code: string, number: number, message: string, description: string) {
  return { status, json: { error: { code, message, target: 'Unknown', details: [{ code, number, message, description, faultCode: 'Client', severity: 'Error' }] } } }
}

const round2 = (value: number) => Math.round(value * 100) / 100

export async function startFakeAvatax({ accountId = '2000123456', licenseKey = 'A1B2C3D4E5F6' } = {}): Promise<FakeAvatax> {
  const handle = (request: RecordedRequest) => {
    if (request.method !== 'POST' || !request.path.startsWith('/api/v2/transactions/create')) return { status: 404, json: { error: { code: 'NotFound', message: 'Not found' } } }
    const expected = `Basic ${Buffer.from(`${accountId}:${licenseKey}`).toString('base64')}`
    if (request.headers.authorization !== expected) return avaError(401, 'AuthenticationException', 30, 'Authentication failed.', 'Unable to authenticate the user or the account.')
    const model = request.body as Model | undefined
    if (!model || !Array.isArray(model.lines) || typeof model.customerCode !== 'string' || typeof model.date !== 'string') {
      return avaError(400, 'MissingRequiredFields', 1204, 'Missing required fields.', 'lines, date and customerCode are required.')
    }
    const shipTo = model.addresses?.shipTo
    const zip = String(shipTo?.postalCode ?? '')
    const region = ZIP_REGION[zip]
    if (!region || region !== shipTo?.region) return avaError(400, 'InvalidAddress', 309, 'The address value was incomplete.', `The address ${zip} could not be placed.`)
    const exempt = model.entityUseCode === 'G'
    const rule = REGION_RATES[region] ?? { rate: 0, shippingTaxable: false }
    const lines = (model.lines as Line[]).map((line) => {
      const amount = Number(line.amount)
      const taxable = !exempt && (line.taxCode !== 'FR030000' || rule.shippingTaxable)
      const tax = taxable ? round2(amount * rule.rate) : 0
      return { lineNumber: String(line.number), quantity: line.quantity, lineAmount: amount, taxableAmount: taxable ? amount : 0, tax, taxCalculated: tax, exemptAmount: exempt ? amount : 0, taxCode: line.taxCode }
    })
    const totalAmount = round2(lines.reduce((sum, line) => sum + line.lineAmount, 0))
    const totalTax = round2(lines.reduce((sum, line) => sum + line.tax, 0))
    return {
      status: 201,
      json: {
        id: 0, code: 'fake-doc', date: model.date, status: 'Temporary', type: model.type ?? 'SalesOrder', currencyCode: 'USD',
        customerCode: model.customerCode, totalAmount, totalExempt: exempt ? totalAmount : 0, totalDiscount: 0,
        totalTaxable: exempt ? 0 : totalAmount, totalTax, totalTaxCalculated: totalTax, lines,
      },
    }
  }
  const server = await startFakeHttpServer(handle)
  return Object.assign(server, { accountId, licenseKey })
}
