import { describe, expect, test } from 'vitest'
import { type AuditFacts, type AuditLabel, type AuditNames, describeAuditRow, sentenceText } from './audit-sentences'

// The audit log reads as sentences (issue 26): who did what to which record, named the way the
// store names it (an order's reference, a product's name, a customer's email), with a link to the
// record's console page — never JSON or an internal id.

const LABELS: Record<string, AuditLabel> = {
  'order:12': { name: 'S01042', parentId: null },
  'work_order:7': { name: 'S01042-1', parentId: null },
  'product:5': { name: 'Heavy Hoodie', parentId: null },
  'product:4': { name: 'Light Tee', parentId: null },
  'productImage:31': { name: 'Heavy Hoodie', parentId: 5 },
  'customer:9': { name: 'pat.lee@example.com', parentId: null },
  'partner:9': { name: 'pat.lee@example.com', parentId: null },
  'staff:3': { name: 'Ines Invitee', parentId: null },
  'website:1': { name: 'Main store', parentId: null },
  'website:2': { name: 'Outlet', parentId: null },
  'category:8': { name: 'Hoodies', parentId: null },
  'gift_card:4': { name: '4321', parentId: null },
  'allowance_program:2': { name: 'Field staff', parentId: null },
  'promotion:6': { name: 'SPRING10', parentId: null },
}

const names = (overrides: Partial<AuditNames> = {}): AuditNames => ({
  actor: 'Morgan Lee',
  currency: 'USD',
  labelOf: (type, id) => LABELS[`${type}:${id}`] ?? null,
  ...overrides,
})

const row = (facts: Partial<AuditFacts> & Pick<AuditFacts, 'action' | 'entityType' | 'entityId'>): AuditFacts => ({
  websiteId: 1,
  staffEmail: 'morgan@example.com',
  role: 'owner',
  before: null,
  after: null,
  ...facts,
})

const say = (facts: Parameters<typeof row>[0], overrides?: Partial<AuditNames>) => sentenceText(describeAuditRow(row(facts), names(overrides)))
const links = (facts: Parameters<typeof row>[0]) => describeAuditRow(row(facts), names()).filter((part) => typeof part !== 'string')

describe('orders and work orders', () => {
  test('a payment marked by hand names the order by its reference and the payment’s reference, with a link to the order', () => {
    const facts = { action: 'order.mark_paid', entityType: 'order', entityId: '12', before: { paymentState: 'pending' }, after: { paymentState: 'paid', paymentReference: 'WIRE-889' } }
    expect(say(facts)).toBe('Morgan Lee marked order S01042 paid (reference WIRE-889)')
    expect(links(facts)).toEqual([{ text: 'order S01042', href: '/admin/orders/12' }])
  })

  test('a refund says how much, in the store’s money, and a cancellation says why', () => {
    expect(say({ action: 'order.refund', entityType: 'order', entityId: '12', after: { amount: 1250 } })).toBe('Morgan Lee refunded $12.50 of order S01042')
    expect(say({ action: 'order.cancel_refund', entityType: 'order', entityId: '12', after: { amount: 999 } }, { currency: 'EUR' })).toBe('Morgan Lee refunded €9.99 of order S01042 on cancelling it')
    expect(say({ action: 'order.cancel', entityType: 'order', entityId: '12', after: { state: 'cancel', reason: 'Customer asked' } })).toBe('Morgan Lee cancelled order S01042: “Customer asked”')
    expect(say({ action: 'order.mark_delivered', entityType: 'order', entityId: '12' })).toBe('Morgan Lee marked order S01042 delivered')
  })

  test('a decoration partner’s steps on a work order read as what they did, with the problem and the tracking', () => {
    const work = { entityType: 'work_order', entityId: '7' }
    expect(say({ ...work, action: 'work_order.accept' })).toBe('Morgan Lee accepted work order S01042-1')
    expect(say({ ...work, action: 'work_order.start_production' })).toBe('Morgan Lee started production of work order S01042-1')
    expect(say({ ...work, action: 'work_order.report_problem', after: { state: 'problem', problemMessage: 'Thread out of stock' } })).toBe('Morgan Lee reported a problem on work order S01042-1: “Thread out of stock”')
    expect(say({ ...work, action: 'work_order.resolve_problem' })).toBe('Morgan Lee settled the problem on work order S01042-1')
    expect(say({ ...work, action: 'work_order.ship', after: { state: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' } })).toBe('Morgan Lee shipped work order S01042-1 with UPS, tracking 1Z999')
    expect(say({ ...work, action: 'work_order.ship', after: { state: 'in_production', carrier: 'UPS' } })).toBe('Morgan Lee shipped part of work order S01042-1 with UPS')
    expect(links({ ...work, action: 'work_order.accept' })).toEqual([{ text: 'work order S01042-1', href: '/admin/work-orders/7' }])
  })
})

describe('the catalog', () => {
  test('a price change says the product’s name and both prices; other fields changed with it are named as words', () => {
    expect(say({ action: 'product.update', entityType: 'product', entityId: '5', before: { priceAmount: 2400, version: 3 }, after: { priceAmount: 2600, version: 4 } })).toBe(
      'Morgan Lee changed the price of product Heavy Hoodie from $24.00 to $26.00',
    )
    expect(say({ action: 'product.update', entityType: 'product', entityId: '5', before: { priceAmount: 2400, templateSkuCode: 'HH', version: 3 }, after: { priceAmount: 2600, templateSkuCode: 'HH2', version: 4 } })).toBe(
      'Morgan Lee changed the price of product Heavy Hoodie from $24.00 to $26.00, and its style code',
    )
    expect(say({ action: 'product.update', entityType: 'product', entityId: '5', before: { name: 'Hoodie', categoryIds: [1], version: 3 }, after: { name: 'Heavy Hoodie', categoryIds: [1, 8], version: 4 } })).toBe(
      'Morgan Lee changed the name and categories of product Heavy Hoodie',
    )
    expect(links({ action: 'product.update', entityType: 'product', entityId: '5' })).toEqual([{ text: 'product Heavy Hoodie', href: '/admin/products/5?store=1' }])
  })

  test('publishing, archiving, copying and bulk actions each read as their verb', () => {
    const product = { entityType: 'product', entityId: '5' }
    expect(say({ ...product, action: 'product.create' })).toBe('Morgan Lee created product Heavy Hoodie')
    expect(say({ ...product, action: 'product.duplicate', after: { duplicateOf: 4 } })).toBe('Morgan Lee created product Heavy Hoodie as a copy of Light Tee')
    expect(say({ ...product, action: 'product.publish' })).toBe('Morgan Lee published product Heavy Hoodie')
    expect(say({ ...product, action: 'product.unpublish' })).toBe('Morgan Lee unpublished product Heavy Hoodie')
    expect(say({ ...product, action: 'product.archive' })).toBe('Morgan Lee archived product Heavy Hoodie')
    expect(say({ ...product, action: 'product.restore' })).toBe('Morgan Lee restored product Heavy Hoodie')
    expect(say({ ...product, action: 'product.bulk_publish' })).toBe('Morgan Lee published product Heavy Hoodie (a bulk action)')
    expect(say({ ...product, action: 'product.bulk_setCategory', after: { categoryIds: [8] } })).toBe('Morgan Lee set the categories to Hoodies of product Heavy Hoodie (a bulk action)')
    expect(say({ ...product, action: 'product.bulk_adjustPrices', before: { priceAmount: 2000 }, after: { priceAmount: 2200, percent: 10 } })).toBe(
      'Morgan Lee changed the price of product Heavy Hoodie from $20.00 to $22.00 (+10%)',
    )
    expect(say({ ...product, action: 'product.reorder' })).toBe('Morgan Lee moved product Heavy Hoodie in the store’s product order')
    expect(say({ ...product, action: 'product.images_reorder' })).toBe('Morgan Lee reordered the pictures of product Heavy Hoodie')
  })

  test('a picture is named by its product and links to the product’s pictures', () => {
    const facts = { action: 'productImage.upload', entityType: 'productImage', entityId: '31', after: { productId: 5, name: 'front.jpg' } }
    expect(say(facts)).toBe('Morgan Lee added a picture of Heavy Hoodie')
    expect(links(facts)).toEqual([{ text: 'a picture of Heavy Hoodie', href: '/admin/products/5/images?store=1' }])
  })

  test('a deleted record is named from what the row kept of it, without a link to a page that is gone', () => {
    const facts = { action: 'category.delete', entityType: 'category', entityId: '99', before: { name: 'Jackets', slug: 'jackets' } }
    expect(say(facts)).toBe('Morgan Lee deleted category Jackets')
    expect(links(facts)).toEqual([{ text: 'category Jackets', href: null }])
    expect(say({ action: 'redirect.delete', entityType: 'redirect', entityId: '3', before: { fromPath: '/old', target: '/new' } })).toBe('Morgan Lee deleted redirect from /old')
  })

  test('the shared verbs of every kind of record: create, change (its fields as words), turn on and off, reorder', () => {
    expect(say({ action: 'brand.update', entityType: 'brand', entityId: '2', before: { name: 'Gildan' }, after: { name: 'Gildan Inc', version: 2 } })).toBe('Morgan Lee changed the name of brand Gildan Inc')
    expect(say({ action: 'decorationPartner.deactivate', entityType: 'decorationPartner', entityId: '2', before: { active: true }, after: { active: false } })).toBe('Morgan Lee turned off a decoration partner')
    expect(say({ action: 'promotion.enable', entityType: 'promotion', entityId: '6' })).toBe('Morgan Lee turned on promotion SPRING10')
    expect(say({ action: 'category.reorder', entityType: 'website', entityId: '1' })).toBe('Morgan Lee reordered the categories of store Main store')
    expect(say({ action: 'color.reorder', entityType: 'attribute', entityId: '1', websiteId: null })).toBe('Morgan Lee reordered the colours')
    expect(say({ action: 'logo.artwork', entityType: 'logo', entityId: '4', after: { image: 'x.png' } })).toBe('Morgan Lee uploaded new artwork for a logo')
    expect(say({ action: 'home_page.update', entityType: 'home_page', entityId: '1', before: { heroTitle: 'A' }, after: { heroTitle: 'B', version: 2 } })).toBe('Morgan Lee changed the hero title of the home page')
    expect(say({ action: 'checkout_section.paymentMethods.update', entityType: 'checkout_section', entityId: '1:paymentMethods' })).toBe('Morgan Lee changed the checkout’s payment methods settings')
    expect(say({ action: 'store_settings.sso_test', entityType: 'store_settings', entityId: '1', after: { outcome: 'failed', error: 'The issuer did not answer' } })).toBe(
      'Morgan Lee tried a single sign-on test sign-in: it failed (“The issuer did not answer”)',
    )
    expect(say({ action: 'store_settings.image', entityType: 'store_settings', entityId: '1', before: { logo: 'a.png' }, after: { logo: null, version: 3 } })).toBe('Morgan Lee removed the logo image of the store settings')
  })
})

describe('people', () => {
  test('staff changes name the member, their role and their stores by name', () => {
    const member = { entityType: 'staff', entityId: '3', websiteId: null }
    expect(say({ ...member, action: 'staff.invite', after: { email: 'ines@example.com', role: 'fulfilment', storeIds: [1, 2] } })).toBe('Morgan Lee invited Ines Invitee as fulfilment member for Main store and Outlet')
    expect(say({ ...member, action: 'staff.invite_resend' })).toBe('Morgan Lee sent the invitation to Ines Invitee again')
    expect(say({ ...member, action: 'staff.invite_revoke' })).toBe('Morgan Lee withdrew the invitation of Ines Invitee')
    expect(say({ ...member, action: 'staff.set_role', before: { role: 'fulfilment' }, after: { role: 'owner', storeIds: [] } })).toBe('Morgan Lee made Ines Invitee an owner')
    expect(say({ ...member, action: 'staff.set_role', before: { role: 'fulfilment', storeIds: [1] }, after: { role: 'fulfilment', storeIds: [2] } })).toBe('Morgan Lee changed the stores of Ines Invitee (fulfilment member for Outlet)')
    expect(say({ ...member, action: 'staff.deactivate', after: { isActive: false, sessionsEnded: 2 } })).toBe('Morgan Lee deactivated Ines Invitee and ended 2 sessions')
    expect(say({ ...member, action: 'staff.reactivate' })).toBe('Morgan Lee reactivated Ines Invitee')
    expect(say({ ...member, action: 'staff.accept_invite' }, { actor: 'Ines Invitee' })).toBe('Ines Invitee accepted the invitation and chose a password')
    expect(say({ ...member, action: 'staff.create_owner' })).toBe('Morgan Lee created the owner account Ines Invitee')
    expect(say({ ...member, action: 'staff.second_factor_on' })).toBe('Morgan Lee turned on two-step sign-in')
    expect(say({ ...member, action: 'staff.password_change' })).toBe('Morgan Lee changed their password')
    expect(say({ ...member, action: 'staff.notifications', after: { notifyNewOrders: false } })).toBe('Morgan Lee stopped new-order mails')
    expect(links({ ...member, action: 'staff.reactivate' })).toEqual([{ text: 'Ines Invitee', href: '/admin/staff' }])
  })

  test('customers are named by their email and linked to their page', () => {
    const customer = { entityType: 'customer', entityId: '9' }
    expect(say({ ...customer, action: 'customer.invite' })).toBe('Morgan Lee invited customer pat.lee@example.com')
    expect(say({ ...customer, action: 'customer.update', before: { name: 'Pat', groupId: 1 }, after: { name: 'Pat Lee', groupId: 2, version: 3 } })).toBe('Morgan Lee changed the name and group of customer pat.lee@example.com')
    expect(say({ ...customer, action: 'customer.roster_deactivate', after: { isActive: false, sessionsEnded: 0 } })).toBe('Morgan Lee deactivated customer pat.lee@example.com, who was not in the imported roster')
    expect(say({ action: 'customer.roster_import', entityType: 'website', entityId: '1', after: { rows: 40, created: 3, changed: 2, deactivated: 1 } })).toBe(
      'Morgan Lee imported a roster into store Main store: 40 rows, 3 created, 2 changed, 1 deactivated',
    )
    expect(links({ ...customer, action: 'customer.invite' })).toEqual([{ text: 'customer pat.lee@example.com', href: '/admin/customers/9' }])
  })

  test('allowances and gift cards say the amounts and the note', () => {
    expect(say({ action: 'allowances.adjust', entityType: 'partner', entityId: '9', before: { budget: 25 }, after: { budget: 45, amount: 20, note: 'Birthday' } })).toBe(
      'Morgan Lee adjusted the allowance of customer pat.lee@example.com by +$20.00 (“Birthday”), leaving $45.00',
    )
    expect(say({ action: 'allowances.run_reset', entityType: 'website', entityId: '1', after: { granted: 12, grantedAmount: 1200 } })).toBe('Morgan Lee ran the allowance reset for store Main store: 12 members granted $1,200.00')
    expect(say({ action: 'allowance_program.update', entityType: 'allowance_program', entityId: '2', before: { amount: 100 }, after: { amount: 150, version: 2 } })).toBe(
      'Morgan Lee changed the amount of the allowance program of Field staff',
    )
    expect(say({ action: 'gift_card.issue', entityType: 'gift_card', entityId: '4', after: { amount: 50, recipientEmail: 'kim@example.com' } })).toBe('Morgan Lee issued gift card ending 4321 for $50.00 to kim@example.com')
    expect(say({ action: 'gift_card.adjust', entityType: 'gift_card', entityId: '4', after: { amount: -5, balance: 45, note: 'Fix' } })).toBe('Morgan Lee adjusted gift card ending 4321 by −$5.00 (“Fix”), leaving $45.00')
  })
})

describe('stores, webhooks and the system', () => {
  test('a store’s life and its imports', () => {
    expect(say({ action: 'store.close', entityType: 'website', entityId: '2', before: { state: 'open' }, after: { state: 'closed' } })).toBe('Morgan Lee closed store Outlet')
    expect(say({ action: 'store.import', entityType: 'website', entityId: '1', after: { fileName: 'main.zip' } })).toBe('Morgan Lee imported the store file main.zip into store Main store')
    expect(say({ action: 'store.create', entityType: 'website', entityId: '77', after: { name: 'Team store' } })).toBe('Morgan Lee created store Team store')
  })

  test('webhooks', () => {
    const endpoint = { entityType: 'webhook_endpoint', entityId: '2', after: { url: 'https://erp.example.com/hook' } }
    expect(say({ ...endpoint, action: 'webhook_endpoint.rotate_secret' })).toBe('Morgan Lee rotated the signing secret of webhook endpoint https://erp.example.com/hook')
    expect(say({ ...endpoint, action: 'webhook_endpoint.test_event', after: { url: 'https://erp.example.com/hook', delivered: true } })).toBe(
      'Morgan Lee sent a test event to webhook endpoint https://erp.example.com/hook (delivered)',
    )
    expect(say({ action: 'webhook_delivery.resend', entityType: 'webhook_delivery', entityId: '8' })).toBe('Morgan Lee queued a webhook delivery to be sent again')
  })

  test('a member whose account is gone is named by the email the row kept; a job by its name', () => {
    expect(say({ action: 'order.mark_delivered', entityType: 'order', entityId: '12' }, { actor: null })).toBe('morgan@example.com marked order S01042 delivered')
    expect(say({ action: 'allowances.run_reset', entityType: 'website', entityId: '1', role: 'system', staffEmail: 'system:allowance-reset', after: { granted: 1, grantedAmount: 10 } }, { actor: null })).toBe(
      'The system (allowance reset) ran the allowance reset for store Main store: 1 member granted $10.00',
    )
  })

  test('an action nobody taught the log still reads as a sentence, with the record named and linked', () => {
    const facts = { action: 'product.frobnicate_twice', entityType: 'product', entityId: '5' }
    expect(say(facts)).toBe('Morgan Lee recorded “frobnicate twice” on product Heavy Hoodie')
    expect(links(facts)).toEqual([{ text: 'product Heavy Hoodie', href: '/admin/products/5?store=1' }])
    expect(say({ action: 'mystery', entityType: 'thing', entityId: '1' })).toBe('Morgan Lee recorded “mystery” on a thing')
  })
})
