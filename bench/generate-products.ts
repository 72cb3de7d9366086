// The catalog of P12 (shared/design/performance.md): 5,000 published products in the largest bench
// store, each in 2 colours × 4 sizes (40,000 variants) with a 2XL upcharge, one category, and a
// 12+ price break on every fifth product — made by a few INSERT … SELECT generate_series statements.
// Idempotent: products already there (the same count) are used as they are.
import type pg from 'pg'

const COLOURS = ['Navy', 'Black', 'Heather Grey', 'Forest']
const SIZES = ['S', 'M', 'L', '2XL']

export type BenchProducts = { websiteId: number; productIds: number[]; generatedInMs: number | null }

const literalArray = (values: string[]) => `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]::text[]`

async function benchProductIds(db: pg.Client, websiteId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(`select id from products where website_id = $1 and slug like 'bench-product-%' order by id`, [websiteId])
  return rows.map((row) => row.id)
}

export async function ensureBenchProducts(db: pg.Client, websiteId: number, count = 5000): Promise<BenchProducts> {
  const existing = await benchProductIds(db, websiteId)
  if (existing.length === count) return { websiteId, productIds: existing, generatedInMs: null }

  const started = performance.now()
  await db.query('begin')
  try {
    await db.query(`delete from products where website_id = $1 and slug like 'bench-product-%'`, [websiteId])
    await db.query(`insert into attributes (name) values ('Color'), ('Size') on conflict do nothing`)
    await db.query(
      `insert into attribute_values (attribute_id, name, sequence)
       select a.id, v.name, v.n from attributes a, unnest(${literalArray(COLOURS)}) with ordinality v(name, n) where a.name = 'Color'
       union all
       select a.id, v.name, v.n from attributes a, unnest(${literalArray(SIZES)}) with ordinality v(name, n) where a.name = 'Size'
       on conflict do nothing`,
    )
    await db.query(`insert into categories (website_id, name, slug) values ($1, 'Bench apparel', 'bench-apparel') on conflict do nothing`, [websiteId])
    await db.query(
      `insert into products (website_id, name, slug, template_sku_code, description, price_amount, max_price_amount, weight, website_sequence, is_published)
       select $1, 'Bench Product ' || n, 'bench-product-' || n, 'BP' || n, 'A product of the console bench.', 2000 + (n % 40) * 50, 2200 + (n % 40) * 50, 0.4, n, true
       from generate_series(1, ${count}) n`,
      [websiteId],
    )
    // 2 of the 4 colours per product (by its number), every size; the 2XL $2 more.
    await db.query(
      `with p as (
         select id, template_sku_code as code, price_amount as base, row_number() over (order by id) as n
         from products where website_id = $1 and slug like 'bench-product-%'
       ), c as (
         select v.id, v.name, v.sequence from attribute_values v join attributes a on a.id = v.attribute_id where a.name = 'Color' and v.name = any(${literalArray(COLOURS)})
       ), s as (
         select v.id, v.name from attribute_values v join attributes a on a.id = v.attribute_id where a.name = 'Size' and v.name = any(${literalArray(SIZES)})
       )
       insert into product_variants (product_id, sku, color_value_id, size_value_id, price_amount)
       select p.id, p.code || '-' || upper(replace(c.name, ' ', '-')) || '-' || s.name, c.id, s.id, p.base + case when s.name = '2XL' then 200 else 0 end
       from p, c, s
       where c.sequence in (1 + p.n % 4, 1 + (p.n + 1) % 4)`,
      [websiteId],
    )
    await db.query(
      `insert into product_attribute_values (product_id, attribute_value_id)
       select distinct v.product_id, x.value_id
       from product_variants v join products p on p.id = v.product_id, lateral (values (v.color_value_id), (v.size_value_id)) x(value_id)
       where p.website_id = $1 and p.slug like 'bench-product-%'`,
      [websiteId],
    )
    await db.query(
      `insert into product_categories (product_id, category_id)
       select p.id, c.id from products p, categories c
       where p.website_id = $1 and p.slug like 'bench-product-%' and c.website_id = $1 and c.slug = 'bench-apparel'`,
      [websiteId],
    )
    await db.query(
      `insert into product_price_breaks (product_id, min_quantity, price_amount)
       select id, 12, price_amount - 200 from products where website_id = $1 and slug like 'bench-product-%' and id % 5 = 0`,
      [websiteId],
    )
    await db.query('commit')
  } catch (error) {
    await db.query('rollback')
    throw error
  }
  await db.query('analyze products; analyze product_variants; analyze product_attribute_values; analyze product_categories; analyze product_price_breaks')
  return { websiteId, productIds: await benchProductIds(db, websiteId), generatedInMs: performance.now() - started }
}
