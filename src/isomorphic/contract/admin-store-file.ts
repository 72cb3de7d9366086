import { z } from './zod'

// The console's store file (issue 16): export the live store as a .zip, import a .json or .zip with
// a dry run first. The downloads and uploads are routes (GET /api/admin/store-file/export,
// POST /api/admin/store-file/import); the page's one read is a key.

/** The largest upload the console takes; a bigger store imports with `npm run store:import` on the server. */
export const STORE_FILE_MAX_UPLOAD_BYTES = 100_000_000
/** The most an uploaded zip may unpack to. */
export const STORE_FILE_MAX_UNPACKED_BYTES = 500_000_000

export type StoreFileEntityReport = {
  /** The importer's name of the kind of record (products, variants, deliveryMethods …). */
  entity: string
  created: number
  updated: number
  removed: number
  unchanged: number
  /** The first records of each kind by natural key, and the fields that change. */
  details: { created: string[]; updated: { key: string; fields: string[] }[]; removed: string[] }
}

export type StoreFileImportReport = {
  dryRun: boolean
  fileName: string
  /** SHA-256 of the uploaded bytes: the Apply button sends the same file again, and the audit row names it. */
  sha256: string
  websiteId: number
  websiteCode: string
  entities: StoreFileEntityReport[]
  images: { drawn: number; copied: number; reused: number; removed: number }
  touchedCaches: string[]
}

/** One problem of a refused file, as the importer reports it. */
export type StoreFileIssueData = { line: number | null; path: string; message: string }

/** The `data` of a refused import's 400. */
export type StoreFileRefusalData = { fileLabel: string; issues: StoreFileIssueData[] }

export type StoreFileImportRecord = { at: string; staffEmail: string | null; fileName: string; sha256: string; changed: number }

export type StoreFileOverview = {
  websiteId: number
  code: string
  name: string
  /** The stores the member manages, for the picker. */
  stores: { id: number; name: string }[]
  /** The latest imports into this store (audit rows). */
  recentImports: StoreFileImportRecord[]
}

export const STORE_FILE_ADMIN_QUERY_INPUTS = {
  storeFileOverview: z.strictObject({ websiteId: z.number().int().positive() }),
} satisfies Record<string, z.ZodType>

export type StoreFileAdminQueryResponses = {
  storeFileOverview: StoreFileOverview
}
