import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import {
  STORE_FILE_MAX_UNPACKED_BYTES,
  type StoreFileImportReport,
  type StoreFileOverview,
  type StoreFileRefusalData,
} from '@/isomorphic/contract/admin-store-file'
import { recordAudit } from '../audit/audit-log'
import { getDb } from '../db/client'
import { auditLog, websites } from '../db/schema'
import { defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { requireStaff, storeScope } from '../kernel/permissions'
import { imageStorage } from '../adapters/image-storage'
import { placeStoredImage } from '../images/image-store'
import { exportStore } from './export-store'
import { StoreFileError } from './store-file-error'
import { STORE_JSON, StoreZipError, storeFileZip, unpackStoreZip } from './store-file-zip'
import { importStoreFile } from './store-import-service'

// The store file in the console (issue 16): a store manager (or owner) exports their store as a
// .zip and imports a .json or .zip into it while the server runs — the import runs in the server's
// own process and database connection, so the embedded database works too. The import is the
// importer's one code path (importStoreFile): a dry run writes everything in the transaction and
// rolls it back, so what it reports is what the real import does. Concurrent imports wait on the
// importer's advisory lock.
//
// Who: 'store.manage' on the store (owners, and store managers of that store), the permission of
// every part the file holds. But colours, brands, logos, decoration partners, countries and the
// size list are shared by every store of an install: an import by a store manager that would change
// or remove one of those is refused (an owner must import it), so a store manager cannot reach
// another store through them. Creating new shared records is allowed.

const ACTION = 'store.import'

/** Kinds of record every store of an install shares (docs/store-file.md, "kept"). */
const SHARED_ENTITIES: Record<string, string> = {
  colors: 'colours',
  brands: 'brands',
  logos: 'logos',
  decorationPartners: 'decoration partners',
  countries: 'countries',
  states: 'states',
  sizeValues: 'the size list',
  logoMethods: "logos' decoration methods",
}

/** The kinds of shared record (as people name them) that a write with these counts changed or removed. */
export function sharedRecordsChanged(counts: Record<string, { updated: number; removed: number }>): string[] {
  return Object.entries(counts)
    .filter(([entity, count]) => entity in SHARED_ENTITIES && count.updated + count.removed > 0)
    .map(([entity]) => SHARED_ENTITIES[entity]!)
}

export type StoreFileDownload = { fileName: string; chunks: AsyncGenerator<Uint8Array> }

/** The store as a .zip (store.json and its images), streamed. */
export async function exportStoreFileZip(ctx: CoreContext, websiteId: number): Promise<StoreFileDownload> {
  await requireStaff(ctx, 'store.manage', websiteId)
  const db = await getDb()
  const exported = await exportStore(db, websiteId)
  // Every image is there before the answer starts: a missing one is an error, not a cut-off zip.
  const storage = imageStorage()
  for (const image of exported.images) {
    if (!(await storage.head(image.key))) {
      throw new DomainError('unavailable', `image missing: ${image.key}`, `An image of the store is missing on the server (${image.zipPath}). Import the store file again to redraw it, then export.`)
    }
  }
  const day = new Date().toISOString().slice(0, 10)
  return { fileName: `${exported.websiteCode}-store-${day}.zip`, chunks: storeFileZip(exported) }
}

/**
 * Imports an uploaded store file (.zip, or store.json alone) into the store `websiteId`, or only
 * says what it would do (`dryRun`). store.json alone takes the images it names (`images/…`) from
 * the store's current export, so a downloaded store.json can be edited and uploaded by itself.
 */
export async function importStoreFileUpload(
  ctx: CoreContext,
  input: { websiteId: number; fileName: string; bytes: Uint8Array; dryRun: boolean },
): Promise<StoreFileImportReport> {
  const staff = await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  const [store] = await db.select({ code: websites.code }).from(websites).where(eq(websites.id, input.websiteId))
  if (!store) throw new DomainError('not_found', `website ${input.websiteId} not found`, 'Store not found')
  const kind = fileKind(input.bytes)
  const fileName = cleanFileName(input.fileName, kind)
  const sha256 = createHash('sha256').update(input.bytes).digest('hex')

  const folder = await mkdtemp(path.join(os.tmpdir(), 'store-file-'))
  try {
    let filePath: string
    if (kind === 'zip') {
      filePath = await unpackStoreZip(input.bytes, folder, STORE_FILE_MAX_UNPACKED_BYTES)
    } else {
      filePath = path.join(folder, fileName)
      await writeFile(filePath, input.bytes)
      const linked = new Set<string>()
      for (const image of (await exportStore(db, input.websiteId)).images) {
        if (await placeStoredImage(image.key, path.join(folder, image.zipPath))) linked.add(image.zipPath)
      }
      // An earlier export names images by where they were then (a console upload, say): every file
      // of this store's own image folder is reachable by its path too, never another store's (nor
      // shoppers' uploads: stores/{id}/uploads/ of the store whose id is this code, when a code is a number).
      for (const key of await imageStorage().list(`stores/${store.code}/`)) {
        const zipPath = `images/${key}`
        if (linked.has(zipPath) || key.split('/')[2] === 'uploads') continue
        await placeStoredImage(key, path.join(folder, zipPath))
      }
    }
    const fileCode = await websiteCodeIn(filePath)
    if (fileCode !== null && fileCode !== store.code) throw otherStore(fileCode, store.code)
    const summary = await importStoreFile({
      filePath,
      dryRun: input.dryRun,
      confined: true,
      beforeCommit: async (tx, result) => {
        if (result.websiteId !== input.websiteId) {
          const [other] = await tx.select({ code: websites.code }).from(websites).where(eq(websites.id, result.websiteId))
          throw otherStore(other?.code ?? '?', store.code)
        }
        if (staff.role !== 'owner') {
          const shared = sharedRecordsChanged(result.counts)
          if (shared.length > 0) {
            throw new DomainError(
              'forbidden',
              `store manager ${staff.staffId} import changes shared records: ${shared.join(', ')}`,
              `This file changes records every store shares (${shared.join(', ')}): an owner must import it. Nothing was changed.`,
            )
          }
        }
        if (!input.dryRun) {
          await recordAudit(tx, ctx, {
            websiteId: input.websiteId,
            action: ACTION,
            entityType: 'website',
            entityId: input.websiteId,
            after: { fileName, sha256, counts: changedCounts(result.counts) },
          })
        }
      },
    })
    return {
      dryRun: summary.dryRun,
      fileName,
      sha256,
      websiteId: summary.websiteId,
      websiteCode: summary.websiteCode,
      entities: Object.entries(summary.counts).map(([entity, counts]) => ({
        entity,
        ...counts,
        details: summary.details[entity] ?? { created: [], updated: [], removed: [] },
      })),
      images: { drawn: summary.images.drawn, copied: summary.images.copied, reused: summary.images.reused, removed: summary.images.removed },
      touchedCaches: summary.touchedCaches,
    }
  } catch (error) {
    if (error instanceof StoreFileError) {
      const data: StoreFileRefusalData = { fileLabel: error.fileLabel, issues: error.issues.slice(0, 200) }
      throw new DomainError('invalid', error.message, `The store file has ${error.issues.length === 1 ? 'a problem' : `${error.issues.length} problems`}; nothing was changed.`, data)
    }
    if (error instanceof StoreZipError) throw new DomainError('invalid', error.message, error.message)
    throw error
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

function otherStore(fileCode: string, storeCode: string): DomainError {
  return new DomainError(
    'invalid',
    `store file for ${fileCode} uploaded to ${storeCode}`,
    `This file is the store "${fileCode}" (website.code), not "${storeCode}". Pick that store, or change website.code in the file to "${storeCode}".`,
  )
}

/** The file's website.code when it reads as JSON (the importer reports every other problem). */
async function websiteCodeIn(filePath: string): Promise<string | null> {
  try {
    const parsed = JSON.parse(await readFile(filePath, 'utf8')) as { website?: { code?: unknown } }
    return typeof parsed.website?.code === 'string' ? parsed.website.code : null
  } catch {
    return null
  }
}

function fileKind(bytes: Uint8Array): 'zip' | 'json' {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'zip'
  let start = 0
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3
  while (start < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[start]!)) start++
  if (bytes[start] === 0x7b) return 'json'
  throw new DomainError('invalid', 'upload is neither zip nor JSON', `Upload the store file: a .zip exported from the console, or its ${STORE_JSON} (a JSON object).`)
}

/** The name the importer's messages use: the upload's own name, made safe for a file system. */
function cleanFileName(name: string, kind: 'zip' | 'json'): string {
  const base = path.basename(name.replace(/\\/g, '/')).replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100)
  if (kind === 'zip') return base.endsWith('.zip') ? base : `${base || 'store'}.zip`
  return base.endsWith('.json') ? base : `${base || 'store'}.json`
}

function changedCounts(counts: Record<string, { created: number; updated: number; removed: number }>) {
  return Object.fromEntries(
    Object.entries(counts)
      .filter(([, count]) => count.created + count.updated + count.removed > 0)
      .map(([entity, count]) => [entity, { created: count.created, updated: count.updated, removed: count.removed }]),
  )
}

export const STORE_FILE_ADMIN_QUERIES = {
  storeFileOverview: defineAdminQuery('storeFileOverview', async ({ websiteId }, ctx): Promise<StoreFileOverview> => {
    const staff = await requireStaff(ctx, 'store.manage', websiteId)
    const db = await getDb()
    const scope = storeScope(staff)
    const stores = await db
      .select({ id: websites.id, name: websites.name, code: websites.code })
      .from(websites)
      .where(scope === null ? undefined : inArray(websites.id, scope.length > 0 ? [...scope] : [-1]))
      .orderBy(asc(websites.id))
    const store = stores.find((row) => row.id === websiteId)
    if (!store) throw new DomainError('not_found', `website ${websiteId} not found`, 'Store not found')
    const imports = await db
      .select({ createdAt: auditLog.createdAt, staffEmail: auditLog.staffEmail, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.websiteId, websiteId), eq(auditLog.action, ACTION)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(5)
    return {
      websiteId,
      code: store.code,
      name: store.name,
      stores: stores.map((row) => ({ id: row.id, name: row.name })),
      recentImports: imports.map((row) => {
        const after = (row.after ?? {}) as { fileName?: string; sha256?: string; counts?: Record<string, { created: number; updated: number; removed: number }> }
        const changed = Object.values(after.counts ?? {}).reduce((sum, count) => sum + count.created + count.updated + count.removed, 0)
        return { at: row.createdAt.toISOString(), staffEmail: row.staffEmail, fileName: after.fileName ?? '', sha256: after.sha256 ?? '', changed }
      }),
    }
  }),
}
