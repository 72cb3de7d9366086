import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { CatalogTaxonomyData } from '@/isomorphic/contract/admin-catalog'
import { isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { executeAdminMutation, executeAdminQuery } from '@/server/api/admin-registry'
import { auditLog, sizes } from '@/server/db/schema'
import { createMemoryCache, useNamedCache } from '@/server/cache/named-cache'
import { createProduct } from '../../../tests/factories/catalog'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'

// The catalog's vocabulary in the console (issue 16): a store's categories, and the brands, colours
// and sizes the stores share; versioned, audited, and never deleted while products use them.

describe.each(testDatabaseKinds())('the catalog vocabulary in the console on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let otherWebsiteId: number
  let manager: Awaited<ReturnType<typeof staffContext>>
  const unique = `${kind}-${Date.now().toString(36)}`

  const taxonomy = (ctx = manager, store = websiteId) => executeAdminQuery('catalog.taxonomy', { websiteId: store }, ctx) as Promise<CatalogTaxonomyData>
  const save = (key: Parameters<typeof executeAdminMutation>[0], value: Record<string, unknown>, ctx = manager) =>
    executeAdminMutation(key, { websiteId, ...value }, ctx) as Promise<{ id: number; version: number }>

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    websiteId = (await createWebsite()).id
    otherWebsiteId = (await createWebsite()).id
    manager = await staffContext(websiteId, { role: 'store_manager' })
  })

  test('a category is created, renamed with its version, and a save from the older version is a 409 naming the change', async () => {
    const created = await save('catalog.saveCategory', { name: 'Outerwear', slug: 'outerwear' })
    const renamed = await save('catalog.saveCategory', { id: created.id, version: created.version, name: 'Jackets', slug: 'jackets' })
    expect(renamed.version).toBe(created.version + 1)
    const stale = await refusal(save('catalog.saveCategory', { id: created.id, version: created.version, name: 'Coats', slug: 'coats' }))
    expect(stale.code).toBe('conflict')
    expect(stale.userMessage).toMatch(/^The category Jackets was changed by .* since you opened it \(name, slug\)/)
    expect(isEditConflictData(stale.data)).toBe(true)
    expect((await taxonomy()).categories.find((category) => category.id === created.id)).toMatchObject({ name: 'Jackets', slug: 'jackets', productCount: 0 })
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'category'), eq(auditLog.entityId, String(created.id))))
    expect(rows.map((row) => row.action)).toEqual(['category.create', 'category.update'])
  })

  test('a slug that is not a slug, a duplicate slug and a colour that is not a CSS colour are refused with sentences', async () => {
    const badSlug = await refusal(save('catalog.saveCategory', { name: 'Bags', slug: 'Bags & Totes' }))
    expect(badSlug.code).toBe('invalid')
    expect(badSlug.userMessage).toMatch(/slug.*must be a slug/)
    await save('catalog.saveCategory', { name: 'Bags', slug: 'bags' })
    const twice = await refusal(save('catalog.saveCategory', { name: 'More bags', slug: 'bags' }))
    expect(twice.userMessage).toBe('There is already a category with the slug “bags”. Choose another.')
    const badColor = await refusal(save('catalog.saveColor', { name: `Sunset ${unique}`, css: 'javascript:alert(1)' }))
    expect(badColor.userMessage).toMatch(/css.*must be a CSS colour/)
  })

  test('categories are put in a new order', async () => {
    await save('catalog.saveCategory', { name: 'Caps', slug: `caps-${unique}` })
    await save('catalog.saveCategory', { name: 'Socks', slug: `socks-${unique}` })
    const before = (await taxonomy()).categories.map((category) => category.id)
    const reversed = [...before].reverse()
    await executeAdminMutation('catalog.reorderCategories', { websiteId, ids: reversed }, manager)
    expect((await taxonomy()).categories.map((category) => category.id)).toEqual(reversed)
    expect((await refusal(executeAdminMutation('catalog.reorderCategories', { websiteId, ids: reversed.slice(1) }, manager))).code).toBe('conflict')
  })

  test('a category, brand or colour in use is not deleted: the refusal says how many products use it', async () => {
    const brand = `Brand ${unique}`
    const color = `Teal ${unique}`
    await createProduct({ websiteId, brand, colors: [color], categories: ['Polos'], images: [] })
    await createProduct({ websiteId, brand, colors: [color], categories: ['Polos'], images: [] })
    const data = await taxonomy()
    const polos = data.categories.find((category) => category.name === 'Polos')!
    const brandRow = data.brands.find((entry) => entry.name === brand)!
    const colorRow = data.colors.find((entry) => entry.name === color)!
    expect([polos.productCount, brandRow.productCount, colorRow.productCount]).toEqual([2, 2, 2])
    const category = await refusal(executeAdminMutation('catalog.deleteCategory', { websiteId, id: polos.id, version: polos.version }, manager))
    expect(category.code).toBe('conflict')
    expect(category.userMessage).toBe('2 products use the category “Polos”, so it cannot be deleted. Take it off those products first.')
    expect((await refusal(executeAdminMutation('catalog.deleteBrand', { websiteId, id: brandRow.id, version: brandRow.version }, manager))).userMessage).toMatch(/^2 products use the brand/)
    expect((await refusal(executeAdminMutation('catalog.deleteColor', { websiteId, id: colorRow.id, version: colorRow.version }, manager))).userMessage).toMatch(/^2 products use the colour/)
    const unused = await save('catalog.saveBrand', { name: `Unused ${unique}` })
    await executeAdminMutation('catalog.deleteBrand', { websiteId, id: unused.id, version: unused.version }, manager)
    expect((await taxonomy()).brands.map((entry) => entry.id)).not.toContain(unused.id)
  })

  test('a colour is saved with its CSS colour, renamed, and reordered', async () => {
    const created = await save('catalog.saveColor', { name: `Sky ${unique}`, css: '#87CEEB' })
    const row = (await taxonomy()).colors.find((entry) => entry.id === created.id)!
    expect(row).toMatchObject({ name: `Sky ${unique}`, css: '#87ceeb' })
    await save('catalog.saveColor', { id: created.id, version: created.version, name: `Sky blue ${unique}`, css: 'rgb(135, 206, 235)' })
    const ids = (await taxonomy()).colors.map((entry) => entry.id)
    const moved = [created.id, ...ids.filter((id) => id !== created.id)]
    await executeAdminMutation('catalog.reorderColors', { websiteId, ids: moved }, manager)
    expect((await taxonomy()).colors[0]).toMatchObject({ id: created.id, name: `Sky blue ${unique}`, css: 'rgb(135, 206, 235)' })
  })

  test('sizes are listed in the spec’s size order, and the store’s size list follows', async () => {
    const added = ['4XL', '34', 'XS', 'OSFA', 'XXL', '32']
    for (const name of added) await save('catalog.saveSize', { name })
    const names = (await taxonomy()).sizes.map((size) => size.name).filter((name) => added.includes(name))
    expect(names).toEqual(['XS', 'XXL', '4XL', 'OSFA', '32', '34'])
    const storeSizes = await db().select().from(sizes).where(eq(sizes.websiteId, websiteId))
    expect(storeSizes.sort((a, b) => a.sequence - b.sequence).map((size) => size.name)).toEqual(['XS', 'XXL', '4XL', 'OSFA', '32', '34'])
    expect((await refusal(save('catalog.saveSize', { name: 'xs' }))).userMessage).toBe('There is already a size named “xs”. Choose another.')
  })

  test('a shared colour that another store’s products use is an owner’s to rename', async () => {
    const color = `Forest ${unique}`
    await createProduct({ websiteId: otherWebsiteId, colors: [color], images: [] })
    const row = (await taxonomy()).colors.find((entry) => entry.name === color)!
    const refused = await refusal(save('catalog.saveColor', { id: row.id, version: row.version, name: `${color} green`, css: '#228b22' }))
    expect(refused.code).toBe('forbidden')
    expect(refused.userMessage).toBe(`The colour “${color}” is also used by products of stores you do not manage. Ask an owner to change it.`)
    const owner = await staffContext(websiteId, { role: 'owner' })
    await save('catalog.saveColor', { id: row.id, version: row.version, name: `${color} green`, css: '#228b22' }, owner)
  })

  test('fulfilment is refused (403); a manager of another store gets 404 for this store and its categories', async () => {
    const fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    expect((await refusal(taxonomy(fulfilment))).code).toBe('forbidden')
    expect((await refusal(save('catalog.saveBrand', { name: 'Nope' }, fulfilment))).code).toBe('forbidden')
    const otherManager = await staffContext(otherWebsiteId, { role: 'store_manager' })
    expect((await refusal(taxonomy(otherManager))).code).toBe('not_found')
    const created = await save('catalog.saveCategory', { name: 'Scarves', slug: `scarves-${unique}` })
    const category = (await taxonomy()).categories.find((entry) => entry.id === created.id)!
    const crossing = await refusal(
      executeAdminMutation('catalog.saveCategory', { websiteId: otherWebsiteId, id: category.id, version: category.version, name: 'Taken', slug: 'taken' }, otherManager),
    )
    expect(crossing.code).toBe('not_found')
  })
})
