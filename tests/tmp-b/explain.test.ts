import { sql } from 'drizzle-orm'
import { test } from 'vitest'
import { useTestDatabase } from '../setup/test-db'
import { createBulkCatalog } from '../factories/bulk-catalog'
import { createWebsite } from '../factories/website'

const { db } = useTestDatabase('pglite')

const queries: Record<string, string> = {
  A: `select p.id, p.name, p.slug, p.template_sku_code, p.website_sequence, b.name from products p left join brands b on b.id = p.brand_id where p.website_id = 1 and p.is_published order by p.website_sequence, p.id`,
  B: `select p.id, p.name, p.slug, p.template_sku_code, p.website_sequence, b.name, (select array_agg(attribute_value_id) from product_attribute_values a where a.product_id = p.id) attrs from products p left join brands b on b.id = p.brand_id where p.website_id = 1 and p.is_published order by p.website_sequence, p.id`,
  C: `select p.id, p.name, p.slug, p.template_sku_code, p.website_sequence, b.name, (select array_agg(attribute_value_id) from product_attribute_values a where a.product_id = p.id) attrs, (select array_agg(category_id) from product_categories c where c.product_id = p.id) cats from products p left join brands b on b.id = p.brand_id where p.website_id = 1 and p.is_published order by p.website_sequence, p.id`,
  D: `select p.id, p.name, p.slug, p.template_sku_code, p.website_sequence, b.name, (select array_agg(attribute_value_id) from product_attribute_values a where a.product_id = p.id) attrs, (select array_agg(category_id) from product_categories c where c.product_id = p.id) cats, (select json_build_object('path', i.path, 'name', i.name, 'alt', i.alt, 'colorValueId', i.color_value_id) from product_images i where i.product_id = p.id order by i.sequence, i.id limit 1) image from products p left join brands b on b.id = p.brand_id where p.website_id = 1 and p.is_published order by p.website_sequence, p.id`,
  E: `select p.id, p.name, p.slug, p.template_sku_code, p.website_sequence, b.name, (select array_agg(attribute_value_id) from product_attribute_values a where a.product_id = p.id) attrs, (select array_agg(category_id) from product_categories c where c.product_id = p.id) cats, (select json_build_object('path', i.path, 'name', i.name, 'alt', i.alt, 'colorValueId', i.color_value_id) from product_images i where i.product_id = p.id order by i.sequence, i.id limit 1) image, pr.* from products p left join brands b on b.id = p.brand_id cross join lateral (select min(v.price_amount) min_price, max(v.price_amount) max_price, array_agg(v.id order by v.id) vids from product_variants v where v.product_id = p.id) pr where p.website_id = 1 and p.is_published order by p.website_sequence, p.id`,
  F: `select p.id, p.name, p.slug, p.template_sku_code, p.website_sequence, b.name, (select array_agg(attribute_value_id) from product_attribute_values a where a.product_id = p.id) attrs, (select array_agg(category_id) from product_categories c where c.product_id = p.id) cats, (select json_build_object('path', i.path, 'name', i.name, 'alt', i.alt, 'colorValueId', i.color_value_id) from product_images i where i.product_id = p.id order by i.sequence, i.id limit 1) image, pr.* from products p left join brands b on b.id = p.brand_id left join (select product_id, min(v.price_amount) min_price, max(v.price_amount) max_price, array_agg(v.id order by v.id) vids from product_variants v where v.product_id = any((select array_agg(id) from products where website_id = 1 and is_published)::int[]) group by product_id) pr on pr.product_id = p.id where p.website_id = 1 and p.is_published order by p.website_sequence, p.id`,
  img2: `select p.id, p.name, p.slug, p.template_sku_code, p.website_sequence, b.name, (select array[i.path, i.name, i.alt, i.color_value_id::text] from product_images i where i.product_id = p.id order by i.sequence, i.id limit 1) image from products p left join brands b on b.id = p.brand_id where p.website_id = 1 and p.is_published order by p.website_sequence, p.id`,
  imgOnly: `select p.id, p.name, p.slug, p.template_sku_code, p.website_sequence, b.name, (select json_build_object('path', i.path, 'name', i.name, 'alt', i.alt, 'colorValueId', i.color_value_id) from product_images i where i.product_id = p.id order by i.sequence, i.id limit 1) image from products p left join brands b on b.id = p.brand_id where p.website_id = 1 and p.is_published order by p.website_sequence, p.id`,
  latOnly: `select p.id, p.name, p.slug, p.template_sku_code, p.website_sequence, b.name, pr.* from products p left join brands b on b.id = p.brand_id cross join lateral (select min(v.price_amount) min_price, max(v.price_amount) max_price, array_agg(v.id order by v.id) vids from product_variants v where v.product_id = p.id) pr where p.website_id = 1 and p.is_published order by p.website_sequence, p.id`,
  varflat: `select array_agg(product_id), array_agg(id) from product_variants where product_id = any((select array_agg(id) from products where website_id = 1 and is_published)::int[])`,
}

test('explain', async () => {
  const website = await createWebsite()
  await createBulkCatalog({ websiteId: website.id, count: 999 })
  for (const [name, q] of Object.entries(queries)) {
    for (let i = 0; i < 5; i++) await db().execute(sql.raw(q))
    const t = performance.now()
    await db().execute(sql.raw(q))
    console.log(name, performance.now() - t)
    if (name === 'F') { const r: any = await db().execute(sql.raw('explain analyze ' + q)); console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n')) }
  }
})
