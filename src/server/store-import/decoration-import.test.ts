import { mkdtempSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { buildStoreFile, lineContaining, writeStoreFile } from '../../../tests/factories/store-file'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { createMemoryCache, useNamedCache } from '../cache/named-cache'
import { decorationMethods, decorationSettings, logoDecorationMethods, logos, printAreas, products, productVariants } from '../db/schema'
import { getDecorationOptions } from '../decoration/decoration-options-service'
import { DEFAULT_PRINT_AREAS } from '../decoration/garment-views'
import { StoreFileError } from './store-file-error'
import { importStoreFile } from './store-import-service'

const IMAGES_DIR = mkdtempSync(path.join(os.tmpdir(), 'webstore-decoration-import-'))
vi.stubEnv('IMAGES_DIR', IMAGES_DIR)

const DECORATION = {
  methods: [
    { code: 'embroidery', name: 'Embroidery', minWidth: 1, minHeight: 0.5, maxColors: 12, setupFee: 25, pricePerLocation: 4.5 },
    { code: 'screen_print', name: 'Screen print', minWidth: 1, minHeight: 1, maxColors: 6, setupFee: 20, pricePerLocation: 2.5 },
  ],
  printAreas: [
    { product: 'field-cap', code: 'front', name: 'Front panel', view: 'front', x: 5, y: 5, width: 4, height: 2, methods: ['embroidery'] },
    { garment: 'cap', code: 'side', name: 'Side', view: 'front', x: 1, y: 5, width: 2, height: 1.5, methods: ['embroidery'] },
  ],
  fonts: [{ id: 'block-sans', name: 'Block Sans', cssFamily: "'Liberation Sans', Arial, sans-serif" }],
  palette: [{ name: 'White', hex: '#FFFFFF' }],
  uploads: { allowed: true, maxBytes: 500000, rightsStatement: 'I may use this artwork.' },
}

function decoratedStore() {
  const file = buildStoreFile({ decoration: structuredClone(DECORATION) })
  file.logos = [{ ...(file.logos as Record<string, unknown>[])[0], methods: ['screen_print', 'embroidery'] }]
  // The cap has a photo, not a drawing: it says which garment it is.
  file.products[1]!.garment = 'cap'
  return file
}

async function refusal(promise: Promise<unknown>): Promise<StoreFileError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  if (!(error instanceof StoreFileError)) throw new Error(`expected a StoreFileError, got ${String(error)}`)
  return error
}

describe.each(testDatabaseKinds())('the store file’s decoration section on %s', (kind) => {
  beforeAll(() => useNamedCache(createMemoryCache()))
  afterAll(async () => {
    if (kind === testDatabaseKinds().at(-1)) await rm(IMAGES_DIR, { recursive: true, force: true })
  })

  // Each block imports what its tests read into a database of its own: they hold in any order.
  describe('a store file with one, imported', () => {
    const { db } = useTestDatabase(kind)
    let websiteId: number
    let summary: Awaited<ReturnType<typeof importStoreFile>>

    beforeAll(async () => {
      const { filePath } = await writeStoreFile(decoratedStore())
      summary = await importStoreFile({ filePath })
      websiteId = summary.websiteId
    })

    test('loads methods, the editor settings, each product’s garment and print areas, and the logos’ methods and colours', async () => {
      expect(summary.touchedCaches).toContain('Products')

      const methods = await db().select().from(decorationMethods).where(eq(decorationMethods.websiteId, websiteId)).orderBy(asc(decorationMethods.sequence))
      expect(methods.map((method) => [method.code, method.setupFeeAmount, method.pricePerLocationAmount, method.maxColors, method.minWidth])).toEqual([
        ['embroidery', 2500, 450, 12, 1],
        ['screen_print', 2000, 250, 6, 1],
      ])
      const [settings] = await db().select().from(decorationSettings).where(eq(decorationSettings.websiteId, websiteId))
      expect(settings).toMatchObject({ uploadsAllowed: true, uploadMaxBytes: 500000, palette: [{ name: 'White', hex: '#ffffff' }] })

      const [tee] = await db().select().from(products).where(eq(products.slug, 'field-tee'))
      const [cap] = await db().select().from(products).where(eq(products.slug, 'field-cap'))
      expect([tee!.garmentKind, cap!.garmentKind]).toEqual(['tee', 'cap'])
      const areas = await db().select().from(printAreas).where(eq(printAreas.websiteId, websiteId)).orderBy(asc(printAreas.id))
      // The tee takes the built-in tee areas; the cap kind has the file's own; the cap product its own.
      expect(areas.filter((area) => area.garmentKind === 'tee').map((area) => area.code)).toEqual(DEFAULT_PRINT_AREAS.tee.map((area) => area.code))
      expect(areas.filter((area) => area.garmentKind === 'cap').map((area) => area.code)).toEqual(['side'])
      expect(areas.filter((area) => area.productId === cap!.id).map((area) => [area.code, area.name, area.width])).toEqual([['front', 'Front panel', 4]])

      const [logo] = await db().select().from(logos).where(eq(logos.code, 'TEST-MARK'))
      expect(logo!.colorCount).toBe(1)
      const links = await db().select().from(logoDecorationMethods).where(eq(logoDecorationMethods.logoId, logo!.id))
      expect(links.map((link) => link.method).sort()).toEqual(['embroidery', 'screen_print'])
    })

    test('the imported store answers getDecorationOptions with the product’s own areas and the logo’s methods', async () => {
      const [cap] = await db().select().from(products).where(eq(products.slug, 'field-cap'))
      const [variant] = await db().select().from(productVariants).where(eq(productVariants.productId, cap!.id))
      const options = await getDecorationOptions({ websiteId, productId: cap!.id, colorValueId: variant!.colorValueId })
      expect(options.printAreas.map((area) => area.code)).toEqual(['front'])
      expect(options.views.map((view) => [view.view, view.width])).toEqual([['front', 14]])
      expect(options.logos.map((logo) => [logo.name, logo.methods])).toEqual([['Test Mark', ['embroidery', 'screen_print']]])
      expect(options.uploads.rightsStatement).toBe('I may use this artwork.')
    })
  })

  describe('a store file with one, imported again', () => {
    const { db } = useTestDatabase(kind)
    let websiteId: number

    beforeAll(async () => {
      const { filePath } = await writeStoreFile(decoratedStore())
      websiteId = (await importStoreFile({ filePath })).websiteId
    })

    test('importing the same file again changes nothing; dropping the section removes the decoration', async () => {
      const { filePath } = await writeStoreFile(decoratedStore())
      const again = await importStoreFile({ filePath })
      for (const entity of ['decorationMethods', 'printAreas', 'decorationSettings', 'logoMethods', 'logos', 'products']) {
        expect(again.counts[entity], entity).toMatchObject({ created: 0, updated: 0, removed: 0 })
      }
      const withoutSection = buildStoreFile()
      withoutSection.products[1]!.garment = 'cap'
      const { filePath: plain } = await writeStoreFile(withoutSection)
      const dropped = await importStoreFile({ filePath: plain })
      expect(dropped.counts.decorationMethods).toMatchObject({ removed: 2 })
      expect(await db().select().from(printAreas).where(eq(printAreas.websiteId, websiteId))).toEqual([])
      expect(await db().select().from(decorationSettings).where(eq(decorationSettings.websiteId, websiteId))).toEqual([])
    })
  })

  describe('a store file with mistakes in it', () => {
    useTestDatabase(kind)

    test('names the line and field of every decoration problem', async () => {
      const file = decoratedStore()
      const decoration = file.decoration as typeof DECORATION
      decoration.printAreas = [
        { garment: 'tee', code: 'back', name: 'Back', view: 'back', x: 40, y: 5, width: 12, height: 4, methods: ['dtg'] },
        { product: 'no-such-product', code: 'front', name: 'Front', view: 'front', x: 1, y: 1, width: 1, height: 1, methods: ['embroidery'] },
      ] as never
      const { filePath, text } = await writeStoreFile(file)
      const error = await refusal(importStoreFile({ filePath }))
      expect(error.issues).toEqual(
        expect.arrayContaining([
          { line: lineContaining(text, '"width": 12'), path: 'decoration.printAreas[0].width', message: 'the area ends at 52 in, past the 44 in wide tee view' },
          { line: lineContaining(text, '"dtg"'), path: 'decoration.printAreas[0].methods[0]', message: '"dtg" is not one of decoration.methods' },
          { line: lineContaining(text, '"no-such-product"'), path: 'decoration.printAreas[1].product', message: 'unknown product "no-such-product"' },
        ]),
      )
    })
  })
})
