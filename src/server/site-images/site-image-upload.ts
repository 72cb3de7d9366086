import { eq } from 'drizzle-orm'
import {
  MAX_SITE_IMAGE_BYTES,
  MAX_SITE_IMAGE_SIZE_LABEL,
  SITE_IMAGE_LABELS,
  SITE_IMAGE_MIN_SIZE,
  type SiteImageKind,
  type StoreSettings,
} from '@/isomorphic/contract/admin-settings'
import { recordAudit } from '../audit/audit-log'
import { assertFreshEdit } from '../audit/edit-conflict'
import { invalidateCaches } from '../cache/named-cache'
import { fileLabel, type UploadedFile } from '../catalog/product-images-admin'
import { getDb } from '../db/client'
import { websites } from '../db/schema'
import { cleanArtwork } from '../decoration/artwork-service'
import { normalizeUploadedImage, storeUploadedImage } from '../images/uploaded-image'
import type { CoreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { requireStaff } from '../kernel/permissions'
import { IMAGE_COLUMNS, settingsOf, storeRow } from '../website/website-settings-admin'

// The store's logo, favicon and social image uploaded in the console (issue 16, POST
// /api/admin/site-image): an SVG cleaned by the artwork sanitizer and drawn as a PNG, any picture
// decoded and encoded again by the image pipeline, stored where the store file's import puts them
// (stores/{code}/site, the same stems), so an export carries them and an import brings them back.
// Its own folder because it draws with decoration's sanitizer, which the website folder may not use.

/** The file stem of each picture in stores/{code}/site, the same as the store file's import uses. */
const IMAGE_STEMS: Record<SiteImageKind, string> = { logo: 'logo', favicon: 'favicon', social: 'social' }

/** True when the bytes are an SVG drawing (its markup), whatever the file is called. */
function isSvg(data: Buffer): boolean {
  const head = data.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '')
  return /^\s*</.test(head) && /<svg[\s>]/i.test(head)
}

/**
 * An SVG goes through the sanitizer every artwork goes through (scripts, links and outside
 * references never survive) and is drawn as a PNG, as the store file's import draws one; other
 * bytes are left for the image pipeline to read or refuse.
 */
async function drawnIfSvg(data: Buffer, label: string): Promise<Buffer> {
  if (!isSvg(data)) return data
  try {
    return (await cleanArtwork(data, 'svg')).rendering.png
  } catch (error) {
    if (error instanceof DomainError && error.code === 'invalid') throw new DomainError('invalid', error.message, `${label}: ${error.userMessage}`)
    throw error
  }
}

/** A picture's refusal: its name, what is wrong, and what to do. */
const refuse = (message: string) => new DomainError('invalid', message)

/**
 * Makes the upload the store's logo, favicon or social image: checked by what the bytes are (PNG,
 * JPEG, WebP, or an SVG cleaned and drawn; never a page or anything else), decoded and encoded again without its metadata, at least
 * the kind's smallest size, stored under a content-hashed name in stores/{code}/site. Moves the
 * settings' version like a save (a stale one is a 409), audited, and the storefront's Website cache
 * dropped so the next page shows it.
 */
export async function uploadSiteImage(ctx: CoreContext, input: { websiteId: number; version: number; kind: SiteImageKind; file: UploadedFile }): Promise<StoreSettings> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  const current = await storeRow(db, input.websiteId)
  const label = fileLabel(input.file.name)
  const what = `the store’s ${SITE_IMAGE_LABELS[input.kind]}`
  if (input.file.data.length > MAX_SITE_IMAGE_BYTES) throw refuse(`${label} is larger than ${MAX_SITE_IMAGE_SIZE_LABEL}: make it smaller and upload it again.`)
  const image = await normalizeUploadedImage(await drawnIfSvg(input.file.data, label), label, what)
  const min = SITE_IMAGE_MIN_SIZE[input.kind]
  if (image.width < min.width || image.height < min.height) {
    const advice = input.kind === 'favicon' ? 'a square image of at least 32 × 32 pixels (512 × 512 is best)' : input.kind === 'social' ? 'an image of at least 600 × 315 pixels (1200 × 630 is best)' : `an image of at least ${min.width} × ${min.height} pixels`
    throw refuse(`${label} is ${image.width} × ${image.height} pixels, too small for ${what}: upload ${advice}.`)
  }
  const stored = await storeUploadedImage(image, `stores/${current.code}/site`, IMAGE_STEMS[input.kind])
  const column = IMAGE_COLUMNS[input.kind]
  const saved = await db.transaction(async (tx) => {
    const row = await storeRow(tx, input.websiteId, true)
    await assertFreshEdit(tx, { entityType: 'store_settings', entityId: row.id, label: 'The store’s settings', expectedVersion: input.version, currentVersion: row.version })
    const [updated] = await tx
      .update(websites)
      .set({ [column]: stored.imagePath, version: row.version + 1, updatedAt: new Date() })
      .where(eq(websites.id, row.id))
      .returning()
    await recordAudit(tx, ctx, {
      websiteId: row.id,
      action: 'store_settings.image',
      entityType: 'store_settings',
      entityId: row.id,
      before: { [input.kind]: row[column] },
      after: { [input.kind]: stored.imagePath, width: image.width, height: image.height, version: updated!.version },
    })
    return settingsOf(updated!)
  })
  await invalidateCaches(['Website'], input.websiteId)
  return saved
}

