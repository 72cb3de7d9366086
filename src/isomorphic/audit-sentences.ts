import { formatCents, formatPrice } from './format'

// The audit log read as sentences (issue 26): "Morgan Lee marked order S01042 paid (reference
// WIRE-889)", "… changed the price of product Heavy Hoodie from $24.00 to $26.00". One pure
// describer for every action the core records (recordAudit in src/server): the row's facts plus
// the names the page looked up (the member's name, how the store names the entity: an order's
// reference, a product's name, a customer's email) give a sentence in parts, text and links to the
// entity's console page where it has one. An action this file does not know reads as a plain
// generic sentence; the raw before/after stays with the row for its "Details".

export type AuditFacts = {
  action: string
  entityType: string
  entityId: string
  websiteId: number | null
  staffEmail: string
  role: string
  before: unknown
  after: unknown
}

/** What a record is called, looked up for a page of rows; `parentId` is the product of a product picture. */
export type AuditLabel = { name: string; parentId: number | null }

export type AuditNames = {
  /** The acting member's name, when their account still exists. */
  actor: string | null
  /** The store's currency (amounts of a row are in it). */
  currency: string
  /** A record's name by its type and id ('website', 3 → "Main store"); null when it is gone or unnamed. */
  labelOf: (entityType: string, id: string | number) => AuditLabel | null
}

export type SentenceLink = { text: string; href: string | null }
export type SentencePart = string | SentenceLink

type Payload = Record<string, unknown>

const asPayload = (value: unknown): Payload => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Payload) : {})
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null)
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null)
const quoted = (value: string) => `“${value.length > 140 ? `${value.slice(0, 139)}…` : value}”`

const ROLE_WORDS: Record<string, string> = { owner: 'owner', store_manager: 'store manager', fulfilment: 'fulfilment member', decoration_partner: 'decoration partner member' }

/** The noun for each kind of record, as a sentence names it. */
const NOUNS: Record<string, string> = {
  order: 'order',
  work_order: 'work order',
  product: 'product',
  productImage: 'picture',
  category: 'category',
  brand: 'brand',
  color: 'colour',
  size: 'size',
  customer: 'customer',
  partner: 'customer',
  customer_group: 'customer group',
  allowance_program: 'allowance program',
  sso_group_mapping: 'single sign-on group mapping',
  gift_card: 'gift card',
  promotion: 'promotion',
  redirect: 'redirect',
  content_page: 'page',
  home_page: 'home page',
  logo: 'logo',
  decorationPartner: 'decoration partner',
  decorationSettings: 'decoration settings',
  decorationMethod: 'decoration method',
  printArea: 'print area',
  webhook_endpoint: 'webhook endpoint',
  webhook_delivery: 'webhook delivery',
  store_settings: 'store settings',
  checkout_section: 'checkout settings',
  delivery_method: 'delivery method',
  staff: 'staff member',
  website: 'store',
}

/** Records of which a store has one: named by their noun alone ("the home page"). */
const SINGLE = new Set(['home_page', 'decorationSettings', 'sso_group_mapping', 'store_settings', 'checkout_section'])

/** The console page of a record, by type; `?store=` is added for a store's record. */
function pageOf(entityType: string, id: string, parentId: number | null): string | null {
  switch (entityType) {
    case 'order':
      return `/admin/orders/${id}`
    case 'work_order':
      return `/admin/work-orders/${id}`
    case 'product':
      return `/admin/products/${id}`
    case 'productImage':
      return parentId === null ? null : `/admin/products/${parentId}/images`
    case 'customer':
    case 'partner':
      return `/admin/customers/${id}`
    case 'promotion':
      return `/admin/promotions/${id}`
    case 'gift_card':
      return `/admin/gift-cards/${id}`
    case 'content_page':
      return `/admin/content/${id}`
    case 'home_page':
      return '/admin/content/home'
    case 'delivery_method':
      return `/admin/delivery/${id}`
    case 'customer_group':
      return '/admin/customers/groups'
    case 'allowance_program':
    case 'sso_group_mapping':
      return '/admin/allowances'
    case 'category':
    case 'brand':
    case 'color':
    case 'size':
      return '/admin/catalog'
    case 'logo':
    case 'decorationPartner':
    case 'decorationSettings':
    case 'decorationMethod':
    case 'printArea':
      return '/admin/decoration'
    case 'webhook_endpoint':
    case 'webhook_delivery':
      return '/admin/webhooks'
    case 'redirect':
      return '/admin/redirects'
    case 'store_settings':
      return '/admin/settings'
    case 'checkout_section':
      return '/admin/checkout'
    case 'staff':
      return '/admin/staff'
    case 'website':
      return '/admin/stores'
    default:
      return null
  }
}

/** Console pages that read the store from `?store=` (others find it from the record). */
const STORE_PAGES = /^\/admin\/(products|promotions|gift-cards|content|delivery|customers\/groups|allowances|catalog|decoration|webhooks|redirects|settings|checkout)(\/|$)/

function linkTo(path: string | null, websiteId: number | null): string | null {
  if (path === null) return null
  return websiteId !== null && STORE_PAGES.test(path) ? `${path}?store=${websiteId}` : path
}

/** How the row's own payload names the record, for one that is gone (deleted) or has no looked-up name. */
function payloadName(facts: AuditFacts): string | null {
  for (const payload of [asPayload(facts.after), asPayload(facts.before)]) {
    const name = text(payload.name) ?? text(payload.title) ?? text(payload.email) ?? text(payload.code) ?? text(payload.url)
    if (name) return name
    if (text(payload.fromPath)) return `from ${text(payload.fromPath)}`
    if (text(payload.last4)) return `ending ${text(payload.last4)}`
  }
  return null
}

const deleting = (action: string) => /\.(delete)$/.test(action)

/** "order S00012" (a link), "the home page", "product Heavy Hoodie"; `noun: false` drops the noun. */
function entity(facts: AuditFacts, names: AuditNames, options: { noun?: boolean } = {}): SentenceLink {
  const noun = NOUNS[facts.entityType] ?? facts.entityType.replace(/([a-z])([A-Z])/g, '$1 $2').replaceAll('_', ' ').toLowerCase()
  const label = names.labelOf(facts.entityType, facts.entityId)
  const gone = deleting(facts.action)
  const href = gone ? null : linkTo(pageOf(facts.entityType, facts.entityId, label?.parentId ?? null), facts.websiteId)
  if (facts.entityType === 'checkout_section') {
    const section = facts.entityId.split(':')[1]?.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
    return { text: section ? `the checkout’s ${section} settings` : 'the checkout settings', href }
  }
  if (SINGLE.has(facts.entityType)) return { text: `the ${noun}`, href }
  if (facts.entityType === 'allowance_program') return { text: label ? `the allowance program of ${label.name}` : 'an allowance program', href }
  if (facts.entityType === 'productImage') {
    const product = label?.name ?? null
    return { text: product ? `a picture of ${product}` : 'a product picture', href }
  }
  if (facts.entityType === 'website') {
    const store = names.labelOf('website', facts.entityId)?.name ?? payloadName(facts)
    return { text: store ? `store ${store}` : 'a store', href }
  }
  const name = label?.name ?? payloadName(facts)
  if (name === null) return { text: `a ${noun}`, href }
  if (facts.entityType === 'gift_card' && !name.startsWith('ending')) return { text: `${noun} ending ${name}`, href }
  return { text: options.noun === false ? name : `${noun} ${name}`, href }
}

function actorOf(facts: AuditFacts, names: AuditNames): string {
  if (names.actor) return names.actor
  if (facts.role === 'system') {
    const job = facts.staffEmail.replace(/^system:/, '').replace(/[-_]/g, ' ')
    return job ? `The system (${job})` : 'The system'
  }
  return facts.staffEmail
}

/** camelCase and snake_case keys as words: 'priceAmount' → 'price', 'templateSkuCode' → 'style code'. */
const FIELD_WORDS: Record<string, string> = {
  priceAmount: 'price',
  maxPriceAmount: 'highest price',
  templateSkuCode: 'style code',
  categoryIds: 'categories',
  colorIds: 'colours',
  sizeIds: 'sizes',
  brandId: 'brand',
  groupId: 'group',
  storeIds: 'stores',
  decorationPartnerId: 'decoration partner',
  priceBreaks: 'price breaks',
  isActive: 'active',
  colorValueId: 'colour',
  css: 'colour code',
  htmlColor: 'colour code',
}

export function fieldWords(key: string): string {
  return FIELD_WORDS[key] ?? key.replace(/Id(s?)$/, '$1').replace(/([a-z0-9])([A-Z])/g, '$1 $2').replaceAll('_', ' ').toLowerCase()
}

const IGNORED = new Set(['version', 'counts', 'secretsChanged'])

/** The fields an edit changed: the keys of `after` (and `before`) but the version, as words. */
function changedFields(facts: AuditFacts): string[] {
  const before = asPayload(facts.before)
  const after = asPayload(facts.after)
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])].filter((key) => !IGNORED.has(key))
  const changed = keys.filter((key) => !(key in before) || !(key in after) || JSON.stringify(before[key]) !== JSON.stringify(after[key]))
  return [...new Set(changed.map(fieldWords))]
}

const list = (words: string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`)

const money = (names: AuditNames) => ({
  cents: (value: unknown) => (num(value) === null ? null : formatCents(num(value)!, names.currency)),
  dollars: (value: unknown) => (num(value) === null ? null : formatPrice(num(value)!, names.currency)),
  signedDollars: (value: unknown) => (num(value) === null ? null : `${num(value)! > 0 ? '+' : '−'}${formatPrice(Math.abs(num(value)!), names.currency)}`),
})

/** "Morgan Lee" + the verb phrase: the sentence's parts after the actor. */
type Body = SentencePart[]

function describeOrder(facts: AuditFacts, names: AuditNames, verb: string): Body | null {
  const order = entity(facts, names)
  const before = asPayload(facts.before)
  const after = asPayload(facts.after)
  const { cents } = money(names)
  switch (verb) {
    case 'mark_paid': {
      const reference = text(after.paymentReference)
      return ['marked ', order, ` paid${reference ? ` (reference ${reference})` : ''}`]
    }
    case 'cancel': {
      const reason = text(after.reason)
      return ['cancelled ', order, reason ? `: ${quoted(reason)}` : '']
    }
    case 'refund':
    case 'cancel_refund': {
      const amount = cents(after.amount)
      return [`refunded ${amount ?? 'money'} of `, order, verb === 'cancel_refund' ? ' on cancelling it' : '']
    }
    case 'mark_delivered':
      return ['marked ', order, ' delivered']
    default:
      return before.state !== undefined && after.state !== undefined ? ['moved ', order, ` from ${String(before.state)} to ${String(after.state)}`] : null
  }
}

function describeWorkOrder(facts: AuditFacts, names: AuditNames, verb: string): Body | null {
  const work = entity(facts, names)
  const after = asPayload(facts.after)
  switch (verb) {
    case 'accept':
      return ['accepted ', work]
    case 'start_production':
      return ['started production of ', work]
    case 'report_problem': {
      const message = text(after.problemMessage)
      return ['reported a problem on ', work, message ? `: ${quoted(message)}` : '']
    }
    case 'resolve_problem':
      return ['settled the problem on ', work]
    case 'ship': {
      const carrier = text(after.carrier)
      const tracking = text(after.trackingNumber)
      const whole = after.state === 'shipped'
      return [whole ? 'shipped ' : 'shipped part of ', work, carrier || tracking ? ` with ${[carrier, tracking ? `tracking ${tracking}` : null].filter(Boolean).join(', ')}` : '']
    }
    default:
      return null
  }
}

const PAST: Record<string, string> = { archive: 'archived', restore: 'restored', publish: 'published', unpublish: 'unpublished' }

function describeProduct(facts: AuditFacts, names: AuditNames, verb: string): Body | null {
  const product = entity(facts, names)
  const before = asPayload(facts.before)
  const after = asPayload(facts.after)
  const { cents } = money(names)
  switch (verb) {
    case 'update':
    case 'bulk_adjustPrices': {
      const from = cents(before.priceAmount)
      const to = cents(after.priceAmount)
      const others = changedFields(facts).filter((word) => word !== 'price' && word !== 'percent')
      const percent = num(after.percent)
      if (from !== null && to !== null && from !== to) {
        return [
          'changed the price of ',
          product,
          ` from ${from} to ${to}`,
          percent !== null ? ` (${percent > 0 ? '+' : ''}${percent}%)` : '',
          others.length > 0 && verb === 'update' ? `, and its ${list(others)}` : '',
        ]
      }
      if (verb === 'bulk_adjustPrices') return ['adjusted the prices of ', product, percent !== null ? ` by ${percent > 0 ? '+' : ''}${percent}%` : '']
      return others.length > 0 ? ['changed the ', `${list(others)} of `, product] : ['changed ', product]
    }
    case 'create':
      return ['created ', product]
    case 'duplicate': {
      const of = num(after.duplicateOf)
      const source = of === null ? null : names.labelOf('product', of)
      return ['created ', product, source ? ` as a copy of ${source.name}` : ' as a copy']
    }
    case 'archive':
    case 'restore':
    case 'publish':
    case 'unpublish':
      return [`${PAST[verb]} `, product]
    case 'bulk_publish':
    case 'bulk_unpublish':
      return [`${verb === 'bulk_publish' ? 'published' : 'unpublished'} `, product, ' (a bulk action)']
    case 'bulk_setCategory':
    case 'bulk_addCategory': {
      const ids = Array.isArray(after.categoryIds) ? after.categoryIds : []
      const categories = ids.map((id) => names.labelOf('category', id as number)?.name).filter((name): name is string => Boolean(name))
      const what = categories.length > 0 ? `categories to ${list(categories)}` : 'categories'
      return [verb === 'bulk_setCategory' ? `set the ${what} of ` : `changed the ${what} of `, product, ' (a bulk action)']
    }
    case 'reorder':
      return ['moved ', product, ' in the store’s product order']
    case 'images_reorder':
      return ['reordered the pictures of ', product]
    default:
      return null
  }
}

function describeStaff(facts: AuditFacts, names: AuditNames, verb: string): Body | null {
  const member = entity(facts, names, { noun: false })
  const after = asPayload(facts.after)
  const before = asPayload(facts.before)
  const role = text(after.role) ? (ROLE_WORDS[text(after.role)!] ?? text(after.role)!.replaceAll('_', ' ')) : null
  const storeIds = Array.isArray(after.storeIds) ? after.storeIds : []
  const stores = storeIds.map((id) => names.labelOf('website', id as number)?.name).filter((name): name is string => Boolean(name))
  const where = stores.length > 0 ? ` for ${list(stores)}` : ''
  switch (verb) {
    case 'invite':
      return ['invited ', member, role ? ` as ${role}${where}` : '']
    case 'invite_resend':
      return ['sent the invitation to ', member, ' again']
    case 'invite_revoke':
      return ['withdrew the invitation of ', member]
    case 'set_role':
      if (before.role === after.role && role) return ['changed the stores of ', member, ` (${role}${where})`]
      return ['made ', member, role ? ` ${role === 'owner' ? 'an owner' : `a ${role}`}${where}` : ' a member of another role']
    case 'deactivate':
      return ['deactivated ', member, num(after.sessionsEnded) ? ` and ended ${num(after.sessionsEnded)} session${num(after.sessionsEnded) === 1 ? '' : 's'}` : '']
    case 'reactivate':
      return ['reactivated ', member]
    case 'accept_invite':
      return ['accepted the invitation and chose a password']
    case 'create_owner':
      return ['created the owner account ', member]
    case 'second_factor_on':
      return ['turned on two-step sign-in']
    case 'password_change':
      return ['changed their password']
    case 'notifications':
      return [after.notifyNewOrders ? 'asked for new-order mails' : 'stopped new-order mails']
    default:
      return null
  }
}

function describeCustomer(facts: AuditFacts, names: AuditNames, verb: string): Body | null {
  const customer = entity(facts, names)
  const after = asPayload(facts.after)
  const fields = changedFields(facts).filter((word) => word !== 'sessions ended')
  switch (verb) {
    case 'invite':
      return ['invited ', customer]
    case 'invite_resend':
      return ['sent the invitation to ', customer, ' again']
    case 'update':
      return fields.length > 0 ? ['changed the ', `${list(fields)} of `, customer] : ['changed ', customer]
    case 'deactivate':
      return ['deactivated ', customer]
    case 'reactivate':
      return ['reactivated ', customer]
    case 'roster_create':
      return ['added ', customer, ' from a roster import']
    case 'roster_update':
      return ['changed the ', `${list(fields)} of `, customer, ' from a roster import']
    case 'roster_deactivate':
      return ['deactivated ', customer, ', who was not in the imported roster']
    case 'roster_import': {
      const counts = (['created', 'changed', 'deactivated'] as const).map((key) => `${num(after[key]) ?? 0} ${key}`)
      return ['imported a roster into ', entity(facts, names), `: ${num(after.rows) ?? 0} rows, ${counts.join(', ')}`]
    }
    default:
      return null
  }
}

function describeAllowances(facts: AuditFacts, names: AuditNames, verb: string): Body | null {
  const after = asPayload(facts.after)
  const { dollars, signedDollars } = money(names)
  switch (verb) {
    case 'adjust': {
      const note = text(after.note)
      const left = dollars(after.budget)
      return ['adjusted the allowance of ', entity(facts, names), ` by ${signedDollars(after.amount) ?? 'an amount'}`, note ? ` (${quoted(note)})` : '', left ? `, leaving ${left}` : '']
    }
    case 'run_reset':
      return ['ran the allowance reset for ', entity(facts, names), `: ${num(after.granted) ?? 0} member${num(after.granted) === 1 ? '' : 's'} granted ${dollars(after.grantedAmount) ?? dollars(0)}`]
    default:
      return null
  }
}

function describeGiftCard(facts: AuditFacts, names: AuditNames, verb: string): Body | null {
  const card = entity(facts, names)
  const after = asPayload(facts.after)
  const { dollars, signedDollars } = money(names)
  const note = text(after.note)
  switch (verb) {
    case 'issue': {
      const to = text(after.recipientEmail)
      return ['issued ', card, ` for ${dollars(after.amount) ?? 'an amount'}`, to ? ` to ${to}` : '']
    }
    case 'adjust':
      return ['adjusted ', card, ` by ${signedDollars(after.amount) ?? 'an amount'}`, note ? ` (${quoted(note)})` : '', dollars(after.balance) ? `, leaving ${dollars(after.balance)}` : '']
    case 'enable':
      return ['turned on ', card]
    case 'disable':
      return ['turned off ', card, note ? ` (${quoted(note)})` : '']
    default:
      return null
  }
}

function describeStore(facts: AuditFacts, names: AuditNames, verb: string): Body | null {
  const store = entity(facts, names)
  const after = asPayload(facts.after)
  switch (verb) {
    case 'create':
      return ['created ', store]
    case 'open':
      return ['opened ', store]
    case 'close':
      return ['closed ', store]
    case 'archive':
      return ['archived ', store]
    case 'restore':
      return ['restored ', store]
    case 'import': {
      const file = text(after.fileName)
      return ['imported ', file ? `the store file ${file}` : 'a store file', ' into ', store]
    }
    default:
      return null
  }
}

function describeWebhook(facts: AuditFacts, names: AuditNames, verb: string): Body | null {
  const endpoint = entity(facts, names)
  const after = asPayload(facts.after)
  switch (verb) {
    case 'rotate_secret':
      return ['rotated the signing secret of ', endpoint]
    case 'test_event':
      return ['sent a test event to ', endpoint, after.delivered === true ? ' (delivered)' : after.delivered === false ? ' (not delivered)' : '']
    case 'resend':
      return ['queued ', endpoint, ' to be sent again']
    default:
      return null
  }
}

/** The verbs every kind of record shares. */
function describeCommon(facts: AuditFacts, names: AuditNames, verb: string): Body | null {
  const subject = entity(facts, names)
  switch (verb) {
    case 'create':
      return [SINGLE.has(facts.entityType) ? 'set up ' : 'created ', subject]
    case 'update': {
      const fields = changedFields(facts)
      if (facts.entityType === 'checkout_section' || fields.length === 0) return ['changed ', subject]
      return ['changed the ', `${list(fields)} of `, subject]
    }
    case 'delete':
      return ['deleted ', subject]
    case 'activate':
    case 'enable':
      return ['turned on ', subject]
    case 'deactivate':
    case 'disable':
      return ['turned off ', subject]
    case 'reorder': {
      // 'category.reorder' is recorded on the store, 'color.reorder' on the attribute: the action names what moved.
      const noun = NOUNS[facts.action.slice(0, facts.action.indexOf('.'))] ?? 'record'
      const plural = noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`
      return facts.entityType === 'website' && facts.websiteId !== null ? ['reordered the ', `${plural} of `, subject] : [`reordered the ${plural}`]
    }
    case 'upload':
      return ['added ', subject]
    case 'sso_test': {
      const after = asPayload(facts.after)
      const error = text(after.error)
      return ['tried a single sign-on test sign-in', after.outcome === 'succeeded' ? ': it worked' : error ? `: it failed (${quoted(error)})` : after.outcome ? `: ${String(after.outcome).replaceAll('_', ' ')}` : '']
    }
    case 'artwork':
      return ['uploaded new artwork for ', subject]
    case 'image': {
      const after = asPayload(facts.after)
      const kind = Object.keys(after).find((key) => !['version', 'width', 'height'].includes(key))
      return [kind && after[kind] === null ? `removed the ${fieldWords(kind)} image of ` : `replaced the ${kind ? fieldWords(kind) : ''} image of `.replace('  ', ' '), subject]
    }
    default:
      return null
  }
}

/** A readable sentence for an action this file does not know: "Morgan Lee recorded “frobnicate” on product Heavy Hoodie". */
function describeUnknown(facts: AuditFacts, names: AuditNames, verb: string): Body {
  const words = verb.replace(/([a-z])([A-Z])/g, '$1 $2').replaceAll('_', ' ').replaceAll('.', ' ').toLowerCase()
  return [`recorded “${words || facts.action}” on `, entity(facts, names)]
}

const FAMILIES: Record<string, (facts: AuditFacts, names: AuditNames, verb: string) => Body | null> = {
  order: describeOrder,
  work_order: describeWorkOrder,
  product: describeProduct,
  staff: describeStaff,
  customer: describeCustomer,
  allowances: describeAllowances,
  gift_card: describeGiftCard,
  store: describeStore,
  webhook_endpoint: describeWebhook,
  webhook_delivery: describeWebhook,
}

/**
 * The sentence of an audit row, in parts (text and links), starting with who did it:
 * ["Morgan Lee", " marked ", { text: "order S01042", href: "/admin/orders/12" }, " paid (reference WIRE-889)"].
 */
export function describeAuditRow(facts: AuditFacts, names: AuditNames): SentencePart[] {
  const dot = facts.action.indexOf('.')
  const family = dot < 0 ? '' : facts.action.slice(0, dot)
  // 'checkout_section.payment.update': the verb is the last word.
  const verb = facts.action.slice(facts.action.lastIndexOf('.') + 1)
  const body = FAMILIES[family]?.(facts, names, verb) ?? describeCommon(facts, names, verb) ?? describeUnknown(facts, names, dot < 0 ? facts.action : facts.action.slice(dot + 1))
  return [actorOf(facts, names), ' ', ...body.filter((part) => part !== '')]
}

/** The sentence as plain text (tests, titles, exports). */
export function sentenceText(parts: readonly SentencePart[]): string {
  return parts.map((part) => (typeof part === 'string' ? part : part.text)).join('')
}
