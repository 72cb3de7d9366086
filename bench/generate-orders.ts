// The order history of P10 and P11 (shared/design/performance.md): 200,000 orders and about
// 2.5 lines each on PostgreSQL, made by a few INSERT … SELECT generate_series statements (tens of
// seconds). Spread like a real install: eight stores of very different sizes, a year of orders
// (newer ones still open: awaiting approval, payment, production, shipment; older ones delivered),
// 3 % quotations, 3 % cancelled, a few refunds, 20,000 customers of whom some order often, four
// decoration partners with three logos each, and 15 % of lines without a logo. Idempotent: data
// already there (the same count of bench orders) is used as it is.
import type pg from 'pg'

export type BenchOrders = { websiteIds: number[]; decorationPartnerIds: number[]; orders: number; lines: number; generatedInMs: number | null }

const STORES = 8
/** Cumulative share of the orders per store: the largest store has 35 %, the smallest 2 %. */
const STORE_SHARES = [0.35, 0.55, 0.7, 0.8, 0.88, 0.94, 0.98, 1]
const PARTNERS = 4
const LOGOS_PER_PARTNER = 3
const CUSTOMERS = 20_000
const FIRST_NAMES = 'Alex Jordan Taylor Morgan Casey Riley Jamie Avery Quinn Parker Drew Reese Cameron Rowan Emerson Hayden Skyler Logan Harper Sawyer Elliot Finley Blake Dakota Kendall Marley Peyton Sage Shawn Tatum Ari Noel Robin Lee Dana Kai Remy Jules Sasha Wren'.split(' ')
const LAST_NAMES = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Moore Jackson Martin Lee Perez ' +
  'Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts OBrien'
).split(' ')
const PRODUCTS = ['Core Blend Polo', 'Twill Cap', 'Performance Quarter-Zip', 'Soft Shell Jacket', 'Heavyweight Tee', 'Canvas Tote', 'Fleece Vest', 'Oxford Shirt', 'Knit Beanie', 'Rain Shell', 'Hoodie', 'Long Sleeve Tee']
const COLOURS = ['Navy', 'Black', 'White', 'Heather Grey', 'Royal', 'Forest', 'Maroon']
const SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL', 'OSFA']

const literalArray = (values: string[]) => `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]::text[]`

async function benchRows(db: pg.Client) {
  const { rows: stores } = await db.query<{ id: number }>(`select id from websites where code like 'bench-orders-%' order by code`)
  const { rows: partners } = await db.query<{ id: number }>(`select id from decoration_partners where code like 'bench-orders-%' order by code`)
  return { websiteIds: stores.map((s) => s.id), decorationPartnerIds: partners.map((p) => p.id) }
}

async function counts(db: pg.Client): Promise<{ orders: number; lines: number }> {
  const { rows } = await db.query<{ orders: string; lines: string }>(`select (select count(*) from orders) as orders, (select count(*) from order_lines) as lines`)
  return { orders: Number(rows[0]!.orders), lines: Number(rows[0]!.lines) }
}

/** Makes (or finds) `count` bench orders in the migrated database `db` is connected to. */
export async function ensureBenchOrders(db: pg.Client, count = 200_000): Promise<BenchOrders> {
  const existing = await counts(db)
  const found = await benchRows(db)
  if (existing.orders === count && found.websiteIds.length === STORES) return { ...found, ...existing, generatedInMs: null }

  const started = performance.now()
  await db.query('truncate orders, order_lines restart identity cascade')
  await db.query(`insert into websites (code, name) select 'bench-orders-' || n, 'Bench Store ' || n from generate_series(1, ${STORES}) n on conflict (code) do nothing`)
  await db.query(
    `insert into decoration_partners (code, name, street, city, state_code, zip)
     select 'bench-orders-' || n, 'Bench Decorator ' || n, n || ' Mill Street', 'Greenville', 'SC', '29601' from generate_series(1, ${PARTNERS}) n
     on conflict (code) do nothing`,
  )
  const { websiteIds, decorationPartnerIds } = await benchRows(db)
  await db.query(
    `insert into logos (code, name, decoration_partner_id)
     select 'bench-orders-' || p.n || '-' || l, 'Bench Logo ' || p.n || '-' || l, (array[${decorationPartnerIds.join(',')}])[p.n]
     from generate_series(1, ${PARTNERS}) p(n), generate_series(1, ${LOGOS_PER_PARTNER}) l
     on conflict (code) do nothing`,
  )
  const { rows: logoRows } = await db.query<{ id: number }>(`select id from logos where code like 'bench-orders-%' order by id`)
  const logoIds = logoRows.map((row) => row.id)

  const storeCase = `case ${STORE_SHARES.map((share, index) => `when r_store < ${share} then ${websiteIds[index]}`).join(' ')} else ${websiteIds[0]} end`
  // One random draw per decision; a customer is a number 0…19,999 drawn with a skew (squared), so
  // some customers order often. Orders open by age: awaiting approval and production are recent.
  await db.query(`select setseed(0.15)`)
  await db.query(
    `with drawn as (
       select random() as r_kind, random() as r_state, random() as r_pay, random() as r_ful, random() as r_store,
              floor(power(random(), 2) * ${CUSTOMERS})::int as customer, random() * 365 as age_days
       from generate_series(1, ${count})
     ), draw as (
       -- References and ids follow the time of placing, as the sequence hands them out.
       select row_number() over (order by age_days desc) as n, * from drawn
     ), shaped as (
       select n, ${storeCase} as website_id, customer, now() - age_days * interval '1 day' as placed, age_days,
              case when r_kind < 0.03 then 'quotation' else 'order' end as kind,
              case when r_kind < 0.03 then 'draft' when r_state < 0.03 then 'cancel'
                   when age_days < 10 and r_state < 0.08 then 'draft' else 'sale' end as state,
              r_pay, r_ful, r_state
       from draw
     ), named as (
       select s.*, (${literalArray(FIRST_NAMES)})[1 + customer % ${FIRST_NAMES.length}] as first_name,
              (${literalArray(LAST_NAMES)})[1 + (customer / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] as last_name
       from shaped s
     )
     insert into orders (website_id, name, access_token, kind, state, approval_state, payment_state, fulfilment_state,
                         partner_name, partner_email, billing_address, amount_untaxed, amount_total, amount_due,
                         request_fingerprint, created_at, updated_at, confirmed_at, paid_at, cancelled_at, delivered_at)
     select website_id, 'S' || case when n < 100000 then lpad(n::text, 5, '0') else n::text end, md5(n::text || 'token'), kind, state,
            case when state = 'draft' and kind = 'order' then 'awaiting_approval' when r_state > 0.85 then 'approved' else 'not_required' end,
            case when kind = 'quotation' then 'not_paid'
                 when state = 'cancel' then case when r_pay < 0.5 then 'refunded' else 'not_paid' end
                 when state = 'draft' then 'pending'
                 when r_pay < 0.7 then case when r_ful < 0.02 then 'partially_refunded' else 'paid' end
                 when age_days > 30 or r_pay < 0.85 then 'paid' else 'pending' end,
            case when state <> 'sale' then 'unfulfilled'
                 when age_days > 21 then case when r_ful < 0.85 then 'delivered' else 'shipped' end
                 when age_days > 7 then case when r_ful < 0.5 then 'shipped' when r_ful < 0.6 then 'partially_shipped' else 'in_production' end
                 else case when r_ful < 0.4 then 'unfulfilled' when r_ful < 0.9 then 'in_production' else 'shipped' end end,
            first_name || ' ' || last_name,
            lower(first_name) || '.' || lower(last_name) || (customer / 2000) || '@example-co' || (customer % 7) || '.com',
            jsonb_build_object('name', first_name || ' ' || last_name, 'phone', null, 'street', customer || ' Main Street', 'street2', null,
                               'city', 'Greenville', 'zip', '29601', 'countryId', null, 'stateId', null, 'country', 'US', 'state', 'SC'),
            0, 0, 0, md5(n::text), placed, placed,
            case when state = 'sale' then placed end,
            case when state = 'sale' and r_pay >= 0.7 and age_days > 30 then placed + interval '9 days' end,
            case when state = 'cancel' then placed + interval '1 day' end,
            case when state = 'sale' and age_days > 21 and r_ful < 0.85 then placed + interval '12 days' end
     from named order by n`,
  )
  // About 2.5 lines an order: 1 to 4, each a product in a colour and size, 85 % with a logo.
  await db.query(
    `insert into order_lines (order_id, sequence, name, template_sku_code, color_name, size, logo_id, logo_name, quantity, unit_price_amount, subtotal_amount)
     select o.id, l, p.name, 'SKU-' || p.i, (${literalArray(COLOURS)})[1 + (o.id + l) % ${COLOURS.length}], (${literalArray(SIZES)})[1 + (o.id * 3 + l) % ${SIZES.length}],
            case when x.r_logo < 0.85 then (array[${logoIds.join(',')}])[1 + floor(x.r_logo / 0.85 * ${logoIds.length})::int] end,
            case when x.r_logo < 0.85 then 'Bench Logo' end,
            x.quantity, x.price, x.quantity * x.price
     from orders o
     cross join lateral generate_series(1, 1 + abs(hashint4(o.id)) % 4) l
     cross join lateral (select random() + l * 0 as r_logo, 1 + floor(power(random(), 3) * 48)::int + l * 0 as quantity, (1200 + floor(random() * 48) * 100)::int + l * 0 as price) x
     cross join lateral (select 1 + abs(hashint4(o.id * 10 + l)) % ${PRODUCTS.length} as i) pi
     cross join lateral (select (${literalArray(PRODUCTS)})[pi.i] as name, pi.i) p`,
  )
  // The orders' amounts from their lines: 6 % tax and $9.95 delivery; refunds of a fifth of the total.
  await db.query(
    `update orders o set amount_untaxed = s.untaxed, amount_tax = round(s.untaxed * 0.06), amount_delivery = 995,
            amount_total = s.untaxed + round(s.untaxed * 0.06) + 995,
            amount_due = s.untaxed + round(s.untaxed * 0.06) + 995,
            amount_refunded = case when o.payment_state = 'partially_refunded' then (s.untaxed + round(s.untaxed * 0.06) + 995) / 5
                                   when o.payment_state = 'refunded' then s.untaxed + round(s.untaxed * 0.06) + 995 else 0 end
     from (select order_id, sum(subtotal_amount)::int as untaxed from order_lines group by order_id) s
     where s.order_id = o.id`,
  )
  for (const table of ['orders', 'order_lines', 'logos', 'decoration_partners', 'websites']) await db.query(`vacuum analyze ${table}`)
  return { websiteIds, decorationPartnerIds, ...(await counts(db)), generatedInMs: performance.now() - started }
}
