import { beforeAll, describe, expect, test } from 'vitest'
import { startSession } from '@/server/accounts/session-service'
import { insertTestOrder, pdfTextRuns } from '@/server/documents/document-test-support'
import { env } from '@/server/env'
import { createPartner } from '../../../../tests/factories/accounts'
import { createWebsite } from '../../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../../tests/setup/test-db'
import { GET } from './[id]/document/route'

const BASE = 'http://store.test'

function get(address: string, headers: Record<string, string> = {}) {
  const url = new URL(address, BASE)
  const id = url.pathname.split('/')[3]!
  return GET(new Request(url, { headers }), { params: Promise.resolve({ id }) })
}

const documentOf = (id: number | string, query = '') => `/api/orders/${id}/document${query}`
// The addresses orders carry as orderUrl and downloadSaleorderUrl.
const orderDocumentUrl = (order: { id: number; accessToken: string }) => documentOf(order.id, `?access_token=${encodeURIComponent(order.accessToken)}`)
const orderDocumentDownloadUrl = (order: { id: number; accessToken: string }) => `${orderDocumentUrl(order)}&download=1`
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

async function expectNotFound(response: Response) {
  expect(response.status).toBe(404)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  expect(response.headers.get('cache-control')).toBe('private, no-store')
  expect(((await response.json()) as { error: { message: string } }).error.message).toBe('Order not found')
}

describe.each(testDatabaseKinds())('GET /api/orders/{id}/document on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let owner: { id: number; token: string }
  let stranger: { id: number; token: string }
  let order: Awaited<ReturnType<typeof insertTestOrder>>
  let guestQuotation: Awaited<ReturnType<typeof insertTestOrder>>
  let otherStoreOrder: Awaited<ReturnType<typeof insertTestOrder>>

  beforeAll(async () => {
    const website = await createWebsite({ name: 'Granite Ridge Outfitters' })
    expect(website.id).toBe(env().WEBSITE_ID)
    const otherWebsite = await createWebsite()
    const signIn = async () => {
      const partner = await createPartner({ websiteId: website.id, password: null })
      const { accessToken } = await startSession(db(), { partnerId: partner.id, websiteId: website.id, method: 'password' })
      return { id: partner.id, token: accessToken }
    }
    owner = await signIn()
    stranger = await signIn()
    const line = { name: 'Summit Cap', colorName: 'Charcoal', size: 'One size', logoName: 'Granite Mark', quantity: 12, unitPriceAmount: 1850, subtotalAmount: 22200 }
    order = await insertTestOrder({ websiteId: website.id, partnerId: owner.id, name: 'S00042', amountTax: 1554, amountTotal: 23754, amountDue: 23754 }, [line])
    guestQuotation = await insertTestOrder({ websiteId: website.id, partnerId: null, name: 'S00043', kind: 'quotation', state: 'draft' }, [line])
    otherStoreOrder = await insertTestOrder({ websiteId: otherWebsite.id, partnerId: null, name: 'S00042' }, [line])
  })

  test('the signed-in owner gets the PDF inline, private and without a referrer', async () => {
    const response = await get(documentOf(order.id), bearer(owner.token))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBe('inline; filename="Order-S00042.pdf"')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    const pdf = Buffer.from(await response.arrayBuffer())
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(pdfTextRuns(pdf)).toEqual(expect.arrayContaining(['Order S00042', 'Granite Ridge Outfitters', 'Summit Cap', '$237.54']))
  })

  test('the owner is recognised by the session cookie too', async () => {
    const response = await get(documentOf(order.id), { cookie: `session=${owner.token}` })
    expect(response.status).toBe(200)
  })

  test('whoever holds the access token gets it, as orderUrl and as a download with downloadSaleorderUrl', async () => {
    const inline = await get(orderDocumentUrl(guestQuotation))
    expect(inline.status).toBe(200)
    expect(inline.headers.get('content-disposition')).toBe('inline; filename="Quotation-S00043.pdf"')
    expect(pdfTextRuns(Buffer.from(await inline.arrayBuffer()))).toContain('Quotation S00043')

    const download = await get(orderDocumentDownloadUrl(guestQuotation))
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="Quotation-S00043.pdf"')

    const strangerWithToken = await get(orderDocumentUrl(order), bearer(stranger.token))
    expect(strangerWithToken.status).toBe(200)
  })

  test('another partner gets 404, as if the order did not exist', async () => {
    await expectNotFound(await get(documentOf(order.id), bearer(stranger.token)))
    await expectNotFound(await get(documentOf(guestQuotation.id), bearer(stranger.token)))
  })

  test('a wrong token, a token of another order and no token at all get 404', async () => {
    await expectNotFound(await get(documentOf(order.id, '?access_token=not-the-token')))
    await expectNotFound(await get(documentOf(order.id, `?access_token=${encodeURIComponent(order.accessToken.slice(0, -1))}`)))
    await expectNotFound(await get(documentOf(order.id, `?access_token=${encodeURIComponent(guestQuotation.accessToken)}`)))
    await expectNotFound(await get(documentOf(order.id, '?access_token=')))
    await expectNotFound(await get(documentOf(order.id)))
    await expectNotFound(await get(documentOf(order.id, `?access_token=${'x'.repeat(5000)}`)))
  })

  test('a missing order, a malformed id and another store’s order get the same 404', async () => {
    await expectNotFound(await get(documentOf(order.id + 1000, `?access_token=${encodeURIComponent(order.accessToken)}`), bearer(owner.token)))
    await expectNotFound(await get(documentOf('abc'), bearer(owner.token)))
    await expectNotFound(await get(documentOf('0012'), bearer(owner.token)))
    await expectNotFound(await get(documentOf('99999999999'), bearer(owner.token)))
    await expectNotFound(await get(orderDocumentUrl(otherStoreOrder)))
  })

  test('a revoked session no longer opens the owner’s order', async () => {
    const { accessToken } = await startSession(db(), { partnerId: owner.id, websiteId: env().WEBSITE_ID, method: 'password' })
    const { revokePartnerSessions } = await import('@/server/accounts/session-service')
    expect((await get(documentOf(order.id), bearer(accessToken))).status).toBe(200)
    await revokePartnerSessions(db(), owner.id, 'logout')
    await expectNotFound(await get(documentOf(order.id), bearer(accessToken)))
    owner.token = (await startSession(db(), { partnerId: owner.id, websiteId: env().WEBSITE_ID, method: 'password' })).accessToken
  })
})
