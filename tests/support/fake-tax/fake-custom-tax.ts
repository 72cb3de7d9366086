import { type FakeHttpServer, type RecordedRequest, startFakeHttpServer } from './fake-http'

// A store's custom tax service as the spec's client used it (src/server/adapters/custom-tax.ts):
// POST { address_list: [{ zip, … }] } → { result: { success, data: [{ zip, tax_percentage,
// ShippingTaxable }] } }. It knows the rates of a few ZIPs; any other ZIP is refused with
// success:false and a message, as such services do. With `token` set it wants that Bearer token.

export type FakeCustomTax = FakeHttpServer & { rates: Map<string, { tax_percentage: number; ShippingTaxable: boolean }> }

export async function startFakeCustomTax({ token }: { token?: string } = {}): Promise<FakeCustomTax> {
  const rates = new Map([
    ['80202', { tax_percentage: 8.81, ShippingTaxable: false }],
    ['84101', { tax_percentage: 7.75, ShippingTaxable: true }],
  ])
  const handle = (request: RecordedRequest) => {
    if (request.method !== 'POST') return { status: 405, json: { result: { success: false, message: 'Use POST' } } }
    if (token && request.headers.authorization !== `Bearer ${token}`) return { status: 401, json: { message: 'Unauthorized' } }
    const body = request.body as { address_list?: { zip?: unknown }[] } | undefined
    if (!body || !Array.isArray(body.address_list) || body.address_list.length === 0) {
      return { status: 400, json: { result: { success: false, message: 'address_list is required' } } }
    }
    const data = []
    for (const address of body.address_list) {
      const zip = String(address.zip ?? '')
      const rate = rates.get(zip)
      if (!rate) return { status: 200, json: { result: { success: false, message: `No tax rate found for ZIP ${zip}` } } }
      data.push({ zip, ...rate })
    }
    return { status: 200, json: { result: { success: true, data } } }
  }
  const server = await startFakeHttpServer(handle)
  return Object.assign(server, { rates })
}
