import { and, eq, inArray } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { decorationMethods, decorationSettings, logoDecorationMethods, printAreas } from '../db/schema'
import { toCents } from '../kernel/money'
import { desiredPrintAreas } from './decoration-schema'
import type { StoreFile } from './store-file-schema'
import { changes, type Tally } from './sync-rows'

// Writes the store file's `decoration` section (docs/store-file.md) inside the import's
// transaction: the website's methods (by code), print areas (by garment kind or product, and code;
// updated in place so designs keep pointing at them), the editor settings and the methods each
// listed logo allows. Rows whose values did not change are not written; what the file no longer
// has is deleted. Without the section the website has no decoration in the editor.

export async function writeDecoration(
  tx: Transaction,
  tally: Tally,
  file: StoreFile,
  websiteId: number,
  refs: { productIds: Map<string, number>; logoIds: Map<string, number> },
): Promise<void> {
  const section = file.decoration

  // Methods, by code.
  const existingMethods = await tx.select().from(decorationMethods).where(eq(decorationMethods.websiteId, websiteId))
  const wantedMethods = (section?.methods ?? []).map((method, sequence) => ({
    code: method.code,
    name: method.name,
    minWidth: method.minWidth,
    minHeight: method.minHeight,
    maxColors: method.maxColors,
    fileTypes: method.fileTypes,
    setupFeeAmount: toCents(method.setupFee),
    pricePerLocationAmount: toCents(method.pricePerLocation),
    sequence,
  }))
  for (const wanted of wantedMethods) {
    const current = existingMethods.find((row) => row.code === wanted.code)
    if (!current) {
      await tx.insert(decorationMethods).values({ websiteId, ...wanted })
      tally.add('decorationMethods', 'created')
      continue
    }
    const diff = changes(current, wanted)
    if (Object.keys(diff).length === 0) tally.add('decorationMethods', 'unchanged')
    else {
      // store-scope: ids come from the rows this import read with its websiteId
      await tx.update(decorationMethods).set({ ...diff, updatedAt: new Date() }).where(eq(decorationMethods.id, current.id))
      tally.add('decorationMethods', 'updated')
    }
  }
  const droppedMethods = existingMethods.filter((row) => !wantedMethods.some((wanted) => wanted.code === row.code))
  if (droppedMethods.length > 0) {
    // store-scope: ids come from the rows this import read with its websiteId
    await tx.delete(decorationMethods).where(
      inArray(
        decorationMethods.id,
        droppedMethods.map((row) => row.id),
      ),
    )
    tally.add('decorationMethods', 'removed', droppedMethods.length)
  }

  // Print areas, by owner (garment kind or product) and code.
  const existingAreas = await tx.select().from(printAreas).where(eq(printAreas.websiteId, websiteId))
  const keyOf = (row: { garmentKind: string | null; productId: number | null; code: string }) => `${row.garmentKind ?? ''}|${row.productId ?? ''}|${row.code}`
  const wantedAreas = section
    ? desiredPrintAreas(section, file.products).map(({ productSlug, ...area }) => ({ ...area, productId: productSlug ? refs.productIds.get(productSlug)! : null }))
    : []
  const byKey = new Map(existingAreas.map((row) => [keyOf(row), row]))
  for (const wanted of wantedAreas) {
    const current = byKey.get(keyOf(wanted))
    if (!current) {
      await tx.insert(printAreas).values({ websiteId, ...wanted })
      tally.add('printAreas', 'created')
      continue
    }
    byKey.delete(keyOf(wanted))
    const diff = changes(current, wanted)
    if (Object.keys(diff).length === 0) tally.add('printAreas', 'unchanged')
    else {
      // store-scope: ids come from the rows this import read with its websiteId
      await tx.update(printAreas).set({ ...diff, updatedAt: new Date() }).where(eq(printAreas.id, current.id))
      tally.add('printAreas', 'updated')
    }
  }
  if (byKey.size > 0) {
    // store-scope: ids come from the rows this import read with its websiteId
    await tx.delete(printAreas).where(
      inArray(
        printAreas.id,
        [...byKey.values()].map((row) => row.id),
      ),
    )
    tally.add('printAreas', 'removed', byKey.size)
  }

  // The editor's settings, one row per website.
  const [settings] = await tx.select().from(decorationSettings).where(eq(decorationSettings.websiteId, websiteId))
  if (!section) {
    if (settings) {
      await tx.delete(decorationSettings).where(eq(decorationSettings.websiteId, websiteId))
      tally.add('decorationSettings', 'removed')
    }
  } else {
    const wanted = {
      fonts: section.fonts,
      palette: section.palette.map((color) => ({ name: color.name, hex: color.hex.toLowerCase() })),
      uploadsAllowed: section.uploads.allowed,
      uploadMaxBytes: section.uploads.maxBytes,
      rightsStatement: section.uploads.rightsStatement,
    }
    if (!settings) {
      await tx.insert(decorationSettings).values({ websiteId, ...wanted })
      tally.add('decorationSettings', 'created')
    } else {
      const diff = changes(settings, wanted)
      if (Object.keys(diff).length === 0) tally.add('decorationSettings', 'unchanged')
      else {
        await tx.update(decorationSettings).set({ ...diff, updatedAt: new Date() }).where(eq(decorationSettings.websiteId, websiteId))
        tally.add('decorationSettings', 'updated')
      }
    }
  }

  // The methods of each logo the file lists (logos are shared: the file that lists a logo decides).
  const listedLogoIds = file.logos.map((logo) => refs.logoIds.get(logo.code)!).filter((id) => id !== undefined)
  if (listedLogoIds.length === 0) return
  const existingLinks = await tx.select().from(logoDecorationMethods).where(inArray(logoDecorationMethods.logoId, listedLogoIds))
  const wantedLinks = file.logos.flatMap((logo) => (logo.methods ?? []).map((method) => ({ logoId: refs.logoIds.get(logo.code)!, method })))
  const linkKey = (link: { logoId: number; method: string }) => `${link.logoId}|${link.method}`
  const existingKeys = new Set(existingLinks.map(linkKey))
  const wantedKeys = new Set(wantedLinks.map(linkKey))
  const toInsert = wantedLinks.filter((link) => !existingKeys.has(linkKey(link)))
  const toRemove = existingLinks.filter((link) => !wantedKeys.has(linkKey(link)))
  if (toInsert.length > 0) await tx.insert(logoDecorationMethods).values(toInsert)
  for (const link of toRemove) {
    await tx.delete(logoDecorationMethods).where(and(eq(logoDecorationMethods.logoId, link.logoId), eq(logoDecorationMethods.method, link.method)))
  }
  tally.add('logoMethods', 'created', toInsert.length)
  tally.add('logoMethods', 'removed', toRemove.length)
  tally.add('logoMethods', 'unchanged', wantedLinks.length - toInsert.length)
}
