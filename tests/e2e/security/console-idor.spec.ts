import type { Staff } from '@/server/kernel/context'
import { type Permission, staffMay } from '@/server/kernel/permissions'
import { type ConsoleCaller, type ConsoleUser, consoleFixtures, errorShape, expect, MUTATION_PROBES, type Probe, QUERY_PROBES, type Targets, test } from './console-attack'

// Another store's or another partner's records in the console (issue 15, ASVS 5.0 8.2.2, IDOR/BOLA):
// two stores share one database; a member of one store naming the other store's order, work order,
// webhook endpoint or delivery — on every key that takes such an id — gets the same 404 as for an id
// that does not exist, and nothing changes. A decoration partner's member walking work-order ids
// sees its own and the same 404 for every other.

const MISSING = 99_999_999

type Keyed = { kind: 'query' | 'mutation'; key: string; probe: Probe }
const ID_KEYS: Keyed[] = [
  ...Object.entries(QUERY_PROBES).map(([key, probe]) => ({ kind: 'query' as const, key, probe: probe as Probe })),
  ...Object.entries(MUTATION_PROBES).map(([key, probe]) => ({ kind: 'mutation' as const, key, probe: probe as Probe })),
].filter(({ probe }) => probe.names !== null)

function call(member: ConsoleCaller, { kind, key, probe }: Keyed, targets: Targets) {
  return kind === 'query' ? member.query(key, probe.value(targets)) : member.mutate(key, probe.value(targets))
}

function demoTargets(): Targets {
  const f = consoleFixtures()
  return { storeId: f.demoStoreId, orderId: f.demoStore.orderId, orderLineId: f.demoStore.orderLineIds[0]!, workOrderId: f.demoStore.demoPartnerWorkOrderId, webhookEndpointId: f.demoWebhookEndpointId, webhookDeliveryId: f.demoWebhookDeliveryId, staffId: f.demoStore.staffId }
}

function secondTargets(): Targets {
  const f = consoleFixtures()
  const s = f.secondStore
  return { storeId: f.secondStoreId, orderId: s.orderId, orderLineId: s.orderLineId, workOrderId: s.workOrderId, webhookEndpointId: s.webhookEndpointId, webhookDeliveryId: s.webhookDeliveryId, staffId: s.staffId }
}

/** `targets` with the named record replaced by a missing id (the rest as they are). */
function withMissing(targets: Targets, keyed: Keyed): Targets {
  const field = ({ order: 'orderId', workOrder: 'workOrderId', webhookEndpoint: 'webhookEndpointId', webhookDelivery: 'webhookDeliveryId', store: 'storeId', staff: 'staffId' } as const)[keyed.probe.names!]
  return { ...targets, [field]: MISSING, ...(field === 'orderId' ? { orderLineId: MISSING } : {}) }
}

const ROLES: Record<ConsoleUser, Staff['role'] | null> = {
  owner: 'owner',
  fulfilment: 'fulfilment',
  demoManager: 'store_manager',
  secondManager: 'store_manager',
  secondFulfilment: 'fulfilment',
  ownerWithoutSecondFactor: 'owner',
  scriptName: 'store_manager',
  guarded: 'fulfilment',
  partner: null,
  otherPartner: null,
}

/** The keys `who` may call at all (so the store, not the role, decides the answer). */
function keysFor(who: ConsoleUser): Keyed[] {
  const role = ROLES[who]!
  const member: Staff = { kind: 'staff', staffId: 0, email: '', name: '', role, storeIds: [], sessionId: null }
  return ID_KEYS.filter(({ probe }) => {
    const permission: Permission | null = typeof probe.needs === 'string' ? (probe.needs === 'console user' ? null : probe.needs) : probe.needs.partnerOr
    return permission !== null && staffMay(member, permission)
  })
}

/** Everything of a store that the keys could change, as its own manager reads it. */
async function storeState(manager: ConsoleCaller, t: Targets) {
  const read = async (key: string, value: unknown) => {
    const answer = await manager.query(key, value)
    expect(answer.status, `${key}: ${answer.text}`).toBe(200)
    return answer.json.data
  }
  const detail = await read('orderDetail', { orderId: t.orderId })
  return {
    endpoints: await read('webhookEndpoints', { websiteId: t.storeId }),
    deliveries: (await read('webhookDeliveries', { endpointId: t.webhookEndpointId })).deliveries.map((delivery: { id: number; state: string; attempts: number }) => [delivery.id, delivery.state, delivery.attempts]),
    order: { state: detail.state, paymentState: detail.paymentState, fulfilmentState: detail.fulfilmentState, refunds: detail.refunds, amounts: detail.amounts, timeline: detail.timeline.length },
    workOrder: (await read('workOrder', { workOrderId: t.workOrderId })).state,
  }
}

async function expectOtherStoreIsMissing(attacker: ConsoleCaller, who: ConsoleUser, victim: Targets, victimManager: ConsoleCaller) {
  const keys = keysFor(who)
  expect(keys.map(({ key }) => key)).toEqual(expect.arrayContaining(['orderDetail', 'workOrder', 'cancelOrder', 'markOrderPaid', 'shipWorkOrder']))
  const before = await storeState(victimManager, victim)
  for (const keyed of keys) {
    const other = await call(attacker, keyed, victim)
    const missing = await call(attacker, keyed, withMissing(victim, keyed))
    const label = `${who}: ${keyed.kind} ${keyed.key} on the other store’s ${keyed.probe.names}`
    expect(other.status, `${label}: ${other.text}`).toBe(404)
    expect(missing.status, `${label} (missing): ${missing.text}`).toBe(404)
    const id = victim[({ order: 'orderId', workOrder: 'workOrderId', webhookEndpoint: 'webhookEndpointId', webhookDelivery: 'webhookDeliveryId', store: 'storeId', staff: 'staffId' } as const)[keyed.probe.names!]]
    expect(errorShape(other, id), `${label}: the same answer as for a missing one`).toBe(errorShape(missing, MISSING))
  }
  // A new endpoint for the other store, and the other store's endpoint moved to one's own.
  const create = await attacker.mutate('saveWebhookEndpoint', { websiteId: victim.storeId, url: 'https://attacker.example/new', topics: ['order.placed'] })
  if (keys.some(({ key }) => key === 'saveWebhookEndpoint')) expect(create.status, create.text).toBe(404)
  else expect(create.status, create.text).toBe(403)
  expect(await storeState(victimManager, victim), 'the other store after the attempts').toEqual(before)
}

test('a demo store fulfilment member gets 404 for every id of the second store, the same as for a missing id, and nothing changes', async ({ consoleAs }) => {
  await expectOtherStoreIsMissing(await consoleAs('fulfilment'), 'fulfilment', secondTargets(), await consoleAs('secondManager'))
})

test('a demo store manager gets 404 for every id of the second store, webhooks included, and nothing changes', async ({ consoleAs }) => {
  const manager = await consoleAs('demoManager')
  expect(keysFor('demoManager').map(({ key }) => key)).toEqual(expect.arrayContaining(['webhookEndpoints', 'webhookDeliveries', 'rotateWebhookSecret', 'deleteWebhookEndpoint', 'resendWebhookDelivery', 'refundOrder']))
  await expectOtherStoreIsMissing(manager, 'demoManager', secondTargets(), await consoleAs('secondManager'))
  // Moving one's own endpoint to the other store is refused too.
  const f = consoleFixtures()
  const moved = await manager.mutate('saveWebhookEndpoint', { id: f.demoWebhookEndpointId, websiteId: f.secondStoreId, url: 'https://hooks.demo-store.example/orders', topics: ['order.placed'] })
  expect(moved.status, moved.text).toBe(404)
})

test('the second store’s manager gets 404 for every id of the demo store, and nothing changes', async ({ consoleAs }) => {
  await expectOtherStoreIsMissing(await consoleAs('secondManager'), 'secondManager', demoTargets(), await consoleAs('demoManager'))
})

test('lists and the dashboard of a member hold only their stores: the other store’s order is not found by filter or search', async ({ consoleAs }) => {
  const f = consoleFixtures()
  const fulfilment = await consoleAs('fulfilment')
  const byStore = await fulfilment.query('orders', { websiteId: f.secondStoreId })
  expect([200, 404], byStore.text).toContain(byStore.status)
  if (byStore.status === 200) expect(byStore.json.data.rows).toEqual([])
  const bySearch = await fulfilment.query('orders', { q: 'S2-00001' })
  expect(bySearch.status, bySearch.text).toBe(200)
  expect(bySearch.json.data.rows).toEqual([])
  const all = await fulfilment.query('orders', {})
  expect(all.status).toBe(200)
  expect(new Set(all.json.data.rows.map((row: { websiteId: number }) => row.websiteId))).toEqual(new Set([f.demoStoreId]))
  const dashboard = await fulfilment.query('dashboard', { websiteId: f.secondStoreId })
  expect(dashboard.status, dashboard.text).toBe(404)
  const workOrders = await fulfilment.query('workOrders', {})
  expect(workOrders.status).toBe(200)
  expect(workOrders.json.data.workOrders.map((row: { websiteId: number }) => row.websiteId).filter((id: number) => id !== f.demoStoreId)).toEqual([])

  const second = await consoleAs('secondManager')
  const theirs = await second.query('orders', {})
  expect(theirs.json.data.rows.map((row: { reference: string }) => row.reference)).toEqual(['S2-00001'])
})

async function walkWorkOrders(member: ConsoleCaller, ownPartnerId: number, upTo: number) {
  const own = new Set<number>()
  const notFoundBodies = new Set<string>()
  for (let id = 1; id <= upTo; id++) {
    const answer = await member.query('workOrder', { workOrderId: id })
    if (answer.status === 200) {
      expect(answer.json.data.decorationPartner.id, `work order ${id}`).toBe(ownPartnerId)
      own.add(id)
    } else {
      expect(answer.status, `work order ${id}: ${answer.text}`).toBe(404)
      notFoundBodies.add(errorShape(answer, id))
    }
  }
  return { own, notFoundBodies }
}

test('a decoration partner’s member walking work-order ids sees only its own; every other id, existing or not, is the same 404', async ({ consoleAs }) => {
  const f = consoleFixtures()
  const partner = await consoleAs('partner')
  const listedIds = new Set<number>()
  for (let cursor: string | null = null, pages = 0; pages === 0 || cursor; pages++) {
    const listed = await partner.query('workOrders', cursor ? { cursor } : {})
    expect(listed.status, listed.text).toBe(200)
    for (const row of listed.json.data.workOrders as { id: number }[]) listedIds.add(row.id)
    cursor = listed.json.data.nextCursor
  }
  expect(listedIds.has(f.demoStore.demoPartnerWorkOrderId)).toBe(true)
  for (const foreign of [f.demoStore.otherPartnerWorkOrderId, f.secondStore.workOrderId]) expect(listedIds.has(foreign)).toBe(false)
  const upTo = Math.max(...listedIds, f.demoStore.otherPartnerWorkOrderId, f.secondStore.workOrderId) + 5
  const walk = await walkWorkOrders(partner, f.demoPartnerId, upTo)
  expect([...walk.own].filter((id) => !listedIds.has(id)), 'seen but not in its list').toEqual([])
  expect(walk.own.has(f.demoStore.otherPartnerWorkOrderId)).toBe(false)
  expect([...walk.notFoundBodies], 'one 404 body for every other id').toHaveLength(1)

  // Writes on another partner's work order: the same 404, and it stays as it was.
  const manager = await consoleAs('demoManager')
  const before = (await manager.query('workOrder', { workOrderId: f.demoStore.otherPartnerWorkOrderId })).json.data
  for (const workOrderId of [f.demoStore.otherPartnerWorkOrderId, f.secondStore.workOrderId, MISSING]) {
    for (const key of ['acceptWorkOrder', 'startWorkOrderProduction', 'reportWorkOrderProblem', 'shipWorkOrder'] as const) {
      const t = { ...demoTargets(), workOrderId, orderLineId: f.demoStore.orderLineIds[1]! }
      const answer = await partner.mutate(key, MUTATION_PROBES[key].value(t))
      expect(answer.status, `${key} on work order ${workOrderId}: ${answer.text}`).toBe(404)
      expect(errorShape(answer, workOrderId)).toBe([...walk.notFoundBodies][0])
    }
  }
  const after = (await manager.query('workOrder', { workOrderId: f.demoStore.otherPartnerWorkOrderId })).json.data
  expect({ state: after.state, shipments: after.shipments, problemMessage: after.problemMessage }).toEqual({ state: before.state, shipments: before.shipments, problemMessage: before.problemMessage })

  // The other partner's member, the other way round.
  const other = await consoleAs('otherPartner')
  const denied = await other.query('workOrder', { workOrderId: f.demoStore.demoPartnerWorkOrderId })
  expect(denied.status).toBe(404)
  expect((await other.query('workOrder', { workOrderId: f.demoStore.otherPartnerWorkOrderId })).status).toBe(200)
})

test('the console’s pages of another store’s order, work order or webhooks are the same not-found page as a missing one', async ({ consoleAs }) => {
  const f = consoleFixtures()
  const pages = (t: Targets) => [`/admin/orders/${t.orderId}`, `/admin/work-orders/${t.workOrderId}`, `/admin/webhooks?store=${t.storeId}`]
  for (const who of ['fulfilment', 'demoManager', 'partner'] as const) {
    const member = await consoleAs(who)
    const missingPages = pages({ ...secondTargets(), orderId: MISSING, workOrderId: MISSING, storeId: MISSING })
    for (const [index, url] of pages(secondTargets()).entries()) {
      const other = await member.caller.get(url, { bearer: null, headers: { cookie: `admin_session=${member.token}` } })
      const none = await member.caller.get(missingPages[index]!, { bearer: null, headers: { cookie: `admin_session=${member.token}` } })
      expect(other.status, `${who}: ${url}`).toBe(none.status)
      expect(other.headers.location, `${who}: ${url} goes where a missing one goes`).toBe(none.headers.location)
      expect([404, 307], `${who}: ${url}`).toContain(other.status)
      for (const secret of ['S2-00001', 'Second Store Customer', 'hooks.second-store.example']) expect(other.text, `${who}: ${url}`).not.toContain(secret)
    }
  }
  expect(f.secondStoreId).not.toBe(f.demoStoreId)
})
