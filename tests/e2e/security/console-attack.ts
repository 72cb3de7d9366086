// The console's security suite (issue 15): console users as the attack fixture's callers, signed in
// through /api/admin/sign-in (and the second factor for the owner) once per worker, because the
// sign-in is limited per email; what tests/e2e/support/console-stores.ts added to the store; and,
// for every admin key of the contract, what it needs and a value that reaches its authorization.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ADMIN_MUTATION_INPUTS, ADMIN_QUERY_INPUTS, type AdminMutationKey, type AdminQueryKey } from '@/isomorphic/contract/admin'
import type { Permission } from '@/server/kernel/permissions'
import { CONSOLE_ACCOUNTS, type ConsoleFixtures } from '../support/console-accounts'
import { CONSOLE_FIXTURES_FILE } from '../support/console-fixtures.mjs'
import { DEMO_FULFILMENT, DEMO_OWNER, DEMO_PARTNER, ownerCode } from '../support/console-users'
import { rememberSecret } from '../support/server-logs.mjs'
import { STORES } from '../support/stores'
import { AccountPool, type Answer, Attack, type Caller, expect, type SendOptions, test as attackTest } from './attack'

export const CONSOLE_USERS = {
  owner: { ...DEMO_OWNER, name: 'Demo Owner' },
  fulfilment: { ...DEMO_FULFILMENT, name: 'Demo Fulfilment' },
  partner: { ...DEMO_PARTNER, name: 'Demo Decorator' },
  ...CONSOLE_ACCOUNTS,
} as const
export type ConsoleUser = keyof typeof CONSOLE_USERS

/** What console-stores.ts made for this run (the store started by tests/e2e/serve.mjs). */
export function consoleFixtures(): ConsoleFixtures {
  if (!existsSync(CONSOLE_FIXTURES_FILE)) throw new Error(`${CONSOLE_FIXTURES_FILE} is missing: the main store was not started by tests/e2e/serve.mjs (stop a store left running on its port)`)
  return JSON.parse(readFileSync(CONSOLE_FIXTURES_FILE, 'utf8')) as ConsoleFixtures
}

/** The admin session cookie's token in Set-Cookie values (either name). */
export function adminTokenIn(cookies: string[]): string | null {
  for (const cookie of cookies) {
    const found = /^(?:__Secure-)?admin_session=([^;]*)/.exec(cookie)
    if (found?.[1]) return found[1]
  }
  return null
}

/** A caller holding a console session: every admin call sends the admin cookie, nothing else. */
export class ConsoleCaller {
  constructor(
    readonly caller: Caller,
    public token: string | null,
  ) {}

  get name() {
    return this.caller.name
  }

  private options(options: SendOptions = {}): SendOptions {
    return { bearer: null, ...options, headers: { ...(this.token ? { cookie: `admin_session=${this.token}` } : {}), ...options.headers } }
  }

  query(key: string, value?: unknown, options?: SendOptions): Promise<Answer> {
    return this.caller.post('/api/admin/query', value === undefined ? { key } : { key, value }, this.options(options))
  }

  mutate(key: string, value?: unknown, options?: SendOptions): Promise<Answer> {
    return this.caller.post('/api/admin/mutation', value === undefined ? { key } : { key, value }, this.options(options))
  }

  post(route: string, body: unknown, options?: SendOptions): Promise<Answer> {
    return this.caller.post(route, body, this.options(options))
  }
}

/**
 * Signs `caller` in as `who`: email and password, then the owner's TOTP code. Gives the session's
 * token (the one after the second factor) and the first step's answer.
 */
export async function signInConsole(caller: Caller, who: ConsoleUser, { secondFactor = true }: { secondFactor?: boolean } = {}): Promise<{ token: string; signIn: Answer }> {
  const user = CONSOLE_USERS[who]
  const signIn = await caller.post('/api/admin/sign-in', { email: user.email, password: user.password })
  expect(signIn.status, `${who} signs in: ${signIn.text}`).toBe(200)
  let token = adminTokenIn(signIn.cookies)
  expect(token, 'the sign-in sets the admin cookie').toBeTruthy()
  if (signIn.json.data.next === 'second_factor' && secondFactor) {
    expect('totpSecret' in user, `${who} has a second factor the tests know`).toBe(true)
    const code = await ownerCode()
    const finished = await caller.post('/api/admin/second-factor', { code }, { headers: { cookie: `admin_session=${token}` } })
    expect(finished.status, `${who}'s second factor: ${finished.text}`).toBe(200)
    token = adminTokenIn(finished.cookies)
    expect(token, 'the second factor sets a new admin cookie').toBeTruthy()
  }
  rememberSecret('a console session token', token!)
  caller.own(token!)
  return { token: token!, signIn }
}

/** Console sessions signed in once per worker (the sign-in is limited to 10 per email in 15 minutes). */
export class ConsoleSessions {
  private readonly made = new Map<ConsoleUser, Promise<string>>()
  private readonly attack: Attack
  private readonly pool: AccountPool

  constructor(playwright: ConstructorParameters<typeof AccountPool>[0], baseURL: string) {
    this.pool = new AccountPool(playwright, baseURL)
    this.attack = new Attack(playwright, baseURL, this.pool)
  }

  token(who: ConsoleUser): Promise<string> {
    let token = this.made.get(who)
    if (!token) {
      token = this.attack.caller(`sign-in ${who}`).then(async (caller) => (await signInConsole(caller, who)).token)
      this.made.set(who, token)
    }
    return token
  }

  async dispose() {
    await this.attack.dispose()
    await this.pool.dispose()
  }
}

/** The attack fixture, plus `consoleAs(who)`: a new caller of the test holding `who`'s console session. */
export const test = attackTest.extend<{ consoleAs: (who: ConsoleUser) => Promise<ConsoleCaller> }, { consoleSessions: ConsoleSessions }>({
  consoleSessions: [
    async ({ playwright }, provide) => {
      const sessions = new ConsoleSessions(playwright, STORES.main)
      await provide(sessions)
      await sessions.dispose()
    },
    { scope: 'worker' },
  ],
  consoleAs: async ({ attack, consoleSessions }, provide) => {
    await provide(async (who) => {
      const caller = await attack.caller(`console ${who}`)
      const token = await consoleSessions.token(who)
      caller.own(token)
      return new ConsoleCaller(caller, token)
    })
  },
})

export { expect }

export type AdminRoute = { path: string; methods: string[] }

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/**
 * The routes under /api/admin and the methods each exports, read from the app's folders (a new
 * route is attacked without editing a list); a dynamic segment ([id]) is given `sampleId`.
 */
export function adminRoutes(sampleId = '1'): AdminRoute[] {
  const root = path.resolve(import.meta.dirname, '..', '..', '..', 'src', 'app', 'api', 'admin')
  const routes: AdminRoute[] = []
  const walk = (folder: string, route: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(folder, entry.name), `${route}/${/^\[.+\]$/.test(entry.name) ? sampleId : entry.name}`)
      else if (entry.name === 'route.ts') {
        const source = readFileSync(path.join(folder, entry.name), 'utf8')
        const methods = HTTP_METHODS.filter((method) => new RegExp(`\\bas ${method}\\b|export (?:async )?(?:function|const) ${method}\\b`).test(source))
        routes.push({ path: route, methods })
      }
    }
  }
  walk(root, '/api/admin')
  return routes.sort((a, b) => a.path.localeCompare(b.path))
}

/** The POST routes under /api/admin (the console's calls and sign-in steps). */
export const adminPostRoutes = () => adminRoutes().filter((route) => route.methods.includes('POST')).map((route) => route.path)

/** The GET routes under /api/admin (downloads, when the branch has them). */
export const adminGetRoutes = (sampleId?: string) => adminRoutes(sampleId).filter((route) => route.methods.includes('GET')).map((route) => route.path)

// ---------------------------------------------------------------------------------------------
// Every admin key: who may call it, and a value that names a record (so the authorization, not the
// input's validation, decides the answer). `satisfies Record<Key, …>` makes a key added to the
// contract without its line here a type error, and the specs check the lists against the contract.

/** Any console user for themselves; a partner's member or staff with the permission; staff only. */
export type Need = Permission | 'console user' | { partnerOr: Permission }

/** The records a probe names. */
export type Targets = { storeId: number; orderId: number; orderLineId: number; workOrderId: number; webhookEndpointId: number; webhookDeliveryId: number; staffId: number }

/** Which of the targets the key's value names (the IDOR specs swap it for another store's). */
export type TargetKind = 'order' | 'workOrder' | 'webhookEndpoint' | 'webhookDelivery' | 'store' | 'staff' | null

export type Probe = { needs: Need; names: TargetKind; value: (targets: Targets) => unknown }

/** A product an attacker would save: valid for the contract, so only the authorization refuses it. */
const attackerProduct = () => ({ name: 'Attacker tee', slug: `attacker-${Date.now()}`, templateSkuCode: 'ATK1', price: 0.01, colorIds: [1], sizeIds: [1], weight: 0.1, published: true })

const requestKey = () => `sec-${Date.now()}-${Math.floor(Math.random() * 1e9)}`

export const QUERY_PROBES = {
  consoleMe: { needs: 'console user', names: null, value: () => ({}) },
  webhookEndpoints: { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  storeFileOverview: { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  webhookDeliveries: { needs: 'store.manage', names: 'webhookEndpoint', value: (t) => ({ endpointId: t.webhookEndpointId }) },
  workOrders: { needs: { partnerOr: 'orders.read' }, names: null, value: () => ({}) },
  workOrder: { needs: { partnerOr: 'orders.read' }, names: 'workOrder', value: (t) => ({ workOrderId: t.workOrderId }) },
  orderWorkOrders: { needs: 'orders.read', names: 'order', value: (t) => ({ orderId: t.orderId }) },
  orders: { needs: 'orders.read', names: null, value: (t) => ({ websiteId: t.storeId }) },
  dashboard: { needs: 'orders.read', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  orderDetail: { needs: 'orders.read', names: 'order', value: (t) => ({ orderId: t.orderId }) },
  orderListOptions: { needs: 'orders.read', names: null, value: () => ({}) },
  // Staff accounts are install-wide (owners only): no store to cross, so they name no target.
  staffList: { needs: 'staff.manage', names: null, value: () => ({}) },
  staffFormOptions: { needs: 'staff.manage', names: null, value: () => ({}) },
  staffInvitations: { needs: 'staff.manage', names: null, value: () => ({}) },
  auditLog: { needs: 'audit.read', names: null, value: () => ({}) },
  // Products (issue 16): every key names its store, which decides before the product is looked up.
  'products.list': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  'products.get': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, productId: 1 }) },
  'products.options': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  // Promotions and gift cards name their store: another store's id answers 404 before any record is read.
  'promotions.list': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  'promotions.get': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1 }) },
  'promotions.options': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  'giftCards.list': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  'giftCards.get': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1 }) },
  // Allowances (issue 16): the store decides; a customer id of another store answers 404 like the store.
  'allowances.programs': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  'allowances.balances': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  'allowances.ledger': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, partnerId: 1 }) },
  'allowances.ssoMapping': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  // Customers (issue 16). A customer's or group's id alone names no target here (the fixtures have
  // no customer per store yet): the core answers another store's customer with the same 404 as a
  // missing one (src/server/customers/customers-admin.test.ts).
  'customers.list': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  'customers.get': { needs: 'store.manage', names: null, value: () => ({ customerId: 1 }) },
  'customerGroups.list': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  'settings.get': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  'settings.ssoTestResult': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, result: '' }) },
  'delivery.methods': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  'delivery.method': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1 }) },
  'checkout.sections': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  // Product images and the catalog's vocabulary (issue 16): each key names its store, which decides first.
  'productImages.list': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, productId: 1 }) },
  'catalog.taxonomy': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  // Content and redirects (issue 16): the store is checked before the record is looked up.
  'content.pages': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  'content.page': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1 }) },
  'content.home': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  'redirects.list': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  'redirects.test': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, path: '/old' }) },
  'logos.list': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  'decorationPartners.list': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  'decorationSettings.get': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  // The stores of the install (issue 25): an owner sees all of them, a store manager their own.
  'stores.list': { needs: 'store.manage', names: null, value: () => ({}) },
  'stores.address': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
} satisfies Record<Exclude<AdminQueryKey, OpenQueryKey>, Probe>

export const MUTATION_PROBES = {
  startTotpEnrolment: { needs: 'console user', names: null, value: () => ({}) },
  confirmTotpEnrolment: { needs: 'console user', names: null, value: () => ({ code: '000000' }) },
  changeOwnPassword: { needs: 'console user', names: null, value: () => ({ currentPassword: 'not the current password', newPassword: 'a new passphrase of some length' }) },
  setOwnNotifications: { needs: 'console user', names: null, value: () => ({ notifyNewOrders: true }) },
  saveWebhookEndpoint: {
    needs: 'store.manage',
    names: 'webhookEndpoint',
    value: (t) => ({ id: t.webhookEndpointId, websiteId: t.storeId, url: 'https://attacker.example/steal', description: 'taken over', topics: ['order.placed', 'order.paid', 'order.refunded'], isActive: true }),
  },
  rotateWebhookSecret: { needs: 'store.manage', names: 'webhookEndpoint', value: (t) => ({ endpointId: t.webhookEndpointId }) },
  deleteWebhookEndpoint: { needs: 'store.manage', names: 'webhookEndpoint', value: (t) => ({ endpointId: t.webhookEndpointId }) },
  resendWebhookDelivery: { needs: 'store.manage', names: 'webhookDelivery', value: (t) => ({ deliveryId: t.webhookDeliveryId }) },
  sendWebhookTestEvent: { needs: 'store.manage', names: 'webhookEndpoint', value: (t) => ({ endpointId: t.webhookEndpointId }) },
  acceptWorkOrder: { needs: { partnerOr: 'orders.fulfil' }, names: 'workOrder', value: (t) => ({ workOrderId: t.workOrderId }) },
  startWorkOrderProduction: { needs: { partnerOr: 'orders.fulfil' }, names: 'workOrder', value: (t) => ({ workOrderId: t.workOrderId }) },
  reportWorkOrderProblem: { needs: { partnerOr: 'orders.fulfil' }, names: 'workOrder', value: (t) => ({ workOrderId: t.workOrderId, message: 'an attacker’s problem' }) },
  resolveWorkOrderProblem: { needs: 'orders.fulfil', names: 'workOrder', value: (t) => ({ workOrderId: t.workOrderId }) },
  shipWorkOrder: {
    needs: { partnerOr: 'orders.fulfil' },
    names: 'workOrder',
    value: (t) => ({ workOrderId: t.workOrderId, carrier: 'ups', trackingNumber: '1ZATTACKER0000001', lines: [{ orderLineId: t.orderLineId, quantity: 1 }] }),
  },
  markOrderDelivered: { needs: 'orders.fulfil', names: 'order', value: (t) => ({ orderId: t.orderId }) },
  markOrderPaid: { needs: 'orders.payments', names: 'order', value: (t) => ({ orderId: t.orderId, reference: 'attacker wire 0001' }) },
  cancelOrder: { needs: 'orders.cancel', names: 'order', value: (t) => ({ orderId: t.orderId, requestKey: requestKey(), reason: 'cancelled by an attacker' }) },
  refundOrder: { needs: 'orders.refund', names: 'order', value: (t) => ({ orderId: t.orderId, requestKey: requestKey(), amount: 5, reason: 'refunded by an attacker' }) },
  inviteStaff: { needs: 'staff.manage', names: null, value: () => ({ email: `${requestKey()}@attacker.example`, name: 'An attacker', role: 'owner', storeIds: [] }) },
  resendStaffInvite: { needs: 'staff.manage', names: null, value: (t) => ({ staffId: t.staffId }) },
  revokeStaffInvite: { needs: 'staff.manage', names: null, value: (t) => ({ staffId: t.staffId }) },
  setStaffRole: { needs: 'staff.manage', names: null, value: (t) => ({ staffId: t.staffId, role: 'owner', storeIds: [] }) },
  deactivateStaff: { needs: 'staff.manage', names: null, value: (t) => ({ staffId: t.staffId }) },
  reactivateStaff: { needs: 'staff.manage', names: null, value: (t) => ({ staffId: t.staffId }) },
  'products.create': { needs: 'store.manage', names: 'store', value: (t) => ({ ...attackerProduct(), websiteId: t.storeId }) },
  'products.update': { needs: 'store.manage', names: 'store', value: (t) => ({ ...attackerProduct(), websiteId: t.storeId, productId: 1, version: 1 }) },
  'products.duplicate': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, productId: 1 }) },
  'products.archive': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, productId: 1, version: 1 }) },
  'products.setPublished': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, productId: 1, version: 1, published: false }) },
  'products.bulk': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, action: 'adjustPrices', productIds: [1, 2, 3], percent: -90 }) },
  'products.reorder': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, productId: 1, after: 2 }) },
  'promotions.save': {
    needs: 'store.manage',
    names: 'store',
    value: (t) => ({ websiteId: t.storeId, promotion: { name: `Attacker ${requestKey()}`, rewardType: 'discount', promoCode: 'FREE-FOR-ALL', discount: { type: 'percentage', percentage: 100 } } }),
  },
  'promotions.setActive': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, version: 1, active: true }) },
  'giftCards.issue': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, amount: 500, count: 10, note: 'issued by an attacker' }) },
  'giftCards.adjust': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, amount: 500, note: 'topped up by an attacker' }) },
  'giftCards.setActive': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, active: true }) },
  'allowances.saveProgram': {
    needs: 'store.manage',
    names: 'store',
    value: (t) => ({ websiteId: t.storeId, groupId: 1, amount: 99_999, period: 'month', startsOn: '2026-01-01', prorate: false, rollover: 'all', rolloverCap: null, isActive: true }),
  },
  'allowances.runReset': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
  'allowances.adjust': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, partnerId: 1, amount: 5000, note: 'an attacker’s top-up' }) },
  'allowances.saveSsoMapping': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, claim: 'groups', mappings: [{ value: 'attackers', groupId: 1 }] }) },
  'customers.update': { needs: 'store.manage', names: null, value: () => ({ customerId: 1, version: 1, canApproveOrders: true }) },
  'customers.invite': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, email: `${requestKey()}@attacker.example`, name: 'An attacker' }) },
  'customers.setActive': { needs: 'store.manage', names: null, value: () => ({ customerId: 1, version: 1, active: false }) },
  'customerGroups.save': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, name: 'Attackers', code: 'attackers' }) },
  'customerGroups.delete': { needs: 'store.manage', names: null, value: () => ({ groupId: 1, version: 1 }) },
  'customers.rosterImport': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, csv: 'email,name\nattacker@attacker.example,An attacker\n', dryRun: false }) },
  'settings.save': {
    needs: 'store.manage',
    names: 'store',
    value: (t) => ({ websiteId: t.storeId, version: 1, name: 'Taken over', lockBrowsing: false, guestCheckout: true, sso: { label: null } }),
  },
  'settings.removeImage': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, version: 1, kind: 'logo' }) },
  'delivery.saveMethod': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: null, method: { name: 'Attacker delivery', deliveryType: 'fixed', price: 0 } }) },
  'delivery.setMethodActive': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, version: 1, active: false }) },
  'checkout.saveSection': {
    needs: 'store.manage',
    names: 'store',
    value: (t) => ({ websiteId: t.storeId, fingerprint: '0'.repeat(64), section: { name: 'payments', value: { paymentMethods: [{ name: 'Attacker pays', provider: 'wire' }] } } }),
  },
  'productImages.update': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, imageId: 1, version: 1, alt: 'taken over', colorValueId: null }) },
  'productImages.reorder': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, productId: 1, imageIds: [2, 1] }) },
  'productImages.delete': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, imageId: 1, version: 1 }) },
  'catalog.saveCategory': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, name: 'Attacker category', slug: `attacker-${Date.now()}` }) },
  'catalog.deleteCategory': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, version: 1 }) },
  'catalog.reorderCategories': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, ids: [2, 1] }) },
  'catalog.saveBrand': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, version: 1, name: 'Attacker brand' }) },
  'catalog.deleteBrand': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, version: 1 }) },
  'catalog.saveColor': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, version: 1, name: 'Attacker red', css: '#ff0000' }) },
  'catalog.deleteColor': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, version: 1 }) },
  'catalog.reorderColors': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, ids: [2, 1] }) },
  'catalog.saveSize': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, version: 1, name: 'XXS' }) },
  'catalog.deleteSize': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, version: 1 }) },
  'content.savePage': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, slug: `taken-${requestKey()}`.toLowerCase(), title: 'Taken over', body: '[click](javascript:alert(1))' }) },
  'content.deletePage': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, version: 1 }) },
  'content.saveHome': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, version: 1, heroTitle: 'Taken over' }) },
  'redirects.save': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, from: `/hijack-${Date.now()}`, to: 'https://attacker.example/', status: 302 }) },
  'redirects.delete': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, version: 1 }) },
  'logos.save': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, version: 1, code: 'ATTACK', name: 'Attacker logo', decorationPartnerId: 1, decorationMethod: 'embroidery', methods: ['embroidery'], colorCount: 1 }) },
  'decorationPartners.save': {
    needs: 'store.manage',
    names: 'store',
    value: (t) => ({ websiteId: t.storeId, id: 1, version: 1, code: 'ATTACK', name: 'Attacker partner', address: { street: '1 Main St', city: 'Denver', state: 'CO', zip: '80202', country: 'US' } }),
  },
  'decorationPartners.delete': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, version: 1 }) },
  'decorationPartners.setActive': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, version: 1, active: false }) },
  'logos.delete': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, version: 1 }) },
  'decorationSettings.save': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, version: 1, fonts: [], palette: [{ name: 'Attacker red', hex: '#ff0000' }], uploads: { allowed: false, maxBytes: 2_000_000, rightsStatement: '' } }) },
  'decorationMethods.save': {
    needs: 'store.manage',
    names: 'store',
    value: (t) => ({ websiteId: t.storeId, version: 1, code: 'embroidery', name: 'Embroidery', minWidth: 1, minHeight: 1, maxColors: 12, fileTypes: ['png', 'svg'], setupFee: 0, pricePerLocation: 0 }),
  },
  'printAreas.save': {
    needs: 'store.manage',
    names: 'store',
    value: (t) => ({ websiteId: t.storeId, id: 1, version: 1, garmentKind: 'tee', productId: null, code: 'attack', name: 'Attack', view: 'front', x: 1, y: 1, width: 2, height: 2, methods: ['embroidery'] }),
  },
  'printAreas.delete': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, id: 1, version: 1 }) },
  // A store copied from a template (issue 25): another store's template answers 404 like a missing one.
  'stores.create': { needs: 'store.manage', names: 'store', value: (t) => ({ template: t.storeId, code: `probe-${requestKey()}`.slice(0, 63), name: 'Probe store', hosts: [] }) },
  // A version no store has: a member who may act on the store gets a 409, and nothing changes.
  'stores.setState': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId, action: 'close', version: 2_000_000_000 }) },
  'stores.preview': { needs: 'store.manage', names: 'store', value: (t) => ({ websiteId: t.storeId }) },
} satisfies Record<Exclude<AdminMutationKey, OpenMutationKey>, Probe>

/**
 * Keys that take no session by design: an invitation's token is the proof (inviteDetails,
 * acceptStaffInvite). The session specs leave them out; the contract check counts them.
 */
export const OPEN_KEYS = { queries: ['inviteDetails'], mutations: ['acceptStaffInvite'] } as const satisfies { queries: readonly AdminQueryKey[]; mutations: readonly AdminMutationKey[] }
type OpenQueryKey = (typeof OPEN_KEYS.queries)[number]
type OpenMutationKey = (typeof OPEN_KEYS.mutations)[number]

/** The contract's keys (so the specs fail when a key has no probe, even if the types were bypassed). */
export const CONTRACT_KEYS = { queries: Object.keys(ADMIN_QUERY_INPUTS).sort(), mutations: Object.keys(ADMIN_MUTATION_INPUTS).sort() }

/** The same error body, with the id it names blanked (a 404 must not tell a missing id from another store's). */
export function errorShape(answer: Answer, id?: number): string {
  const text = JSON.stringify(answer.json)
  return id === undefined ? text : text.replace(new RegExp(`\\b${id}\\b`, 'g'), '#')
}
