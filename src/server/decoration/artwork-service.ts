import { randomUUID } from 'node:crypto'
import type { Metadata } from 'sharp'
import type { UploadedArtwork } from '@/isomorphic/decoration-types'
import { imageUrl } from '@/isomorphic/image-address'
import { type CoreContext, currentShopper } from '../kernel/context'
import { catalogAccess } from '../accounts/site-lock'
import { rateLimiter, storeBucket } from '../cache/rate-limiter'
import { getDb } from '../db/client'
import { uploadedArtworks } from '../db/schema'
import { imageStorage } from '../adapters/image-storage'
import { contentHash, storeImage, storeUploadsFolder } from '../images/image-store'
import { boundedSharp, isRenderTimeout, RENDER_TOO_SLOW, renderQueue } from '../images/render-queue'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { countArtworkColors } from './artwork-colors'
import { loadDecorationSettings } from './decoration-rules'
import { sanitizeSvg, SvgRejectedError } from './svg-sanitizer'

// A shopper's own artwork (issue 7), only where the store allows it: a PNG or an SVG, within the
// store's size limit, with the store's rights statement accepted. An SVG is cleaned
// (svg-sanitizer.ts) and drawn by sharp; a PNG is decoded and encoded again, which drops whatever
// else the file carried. Both are stored with a PNG rendering the editor and the mockups use.
// Drawing goes through the process's render queue with sharp's limits (images/render-queue.ts), so
// uploads cannot take the thread pool from the rest of the store (issue 13; decision 017). An upload
// belongs to its store: it is kept under stores/{websiteId}/uploads/artworks/{id}/, which the image
// route serves to that store only (decision 026).

export const UPLOADS_NOT_ALLOWED = 'This store does not accept uploaded artwork. Choose one of its logos instead.'
export const ACCEPT_RIGHTS = 'Please accept the statement about your rights to this artwork before uploading it.'
export const PNG_OR_SVG = 'Upload the artwork as a PNG or SVG file.'
export const TOO_MANY_UPLOADS = 'Too many uploads in a short time. Please wait a few minutes and try again.'

export const ARTWORK_TYPES = { 'image/png': 'png', 'image/svg+xml': 'svg' } as const

/** Signed-in partners; a guest (one address) gets a third of it (decision 017). */
const UPLOADS_PER_PARTNER = { max: 30, windowMs: 10 * 60 * 1000 }
const UPLOADS_PER_GUEST = { max: 10, windowMs: 10 * 60 * 1000 }
const RENDERING_SIDE = 1600

export type ArtworkPolicy = { maxBytes: number }

/** Whether the caller may upload at all, and how large a file may be; throws the refusal otherwise. */
export async function artworkUploadPolicy(ctx: CoreContext): Promise<ArtworkPolicy> {
  // A locked store's editor is for signed-in partners (spec 6).
  await catalogAccess(ctx)
  const settings = await loadDecorationSettings(await getDb(), ctx.store.websiteId)
  if (!settings.uploads.allowed || settings.uploads.maxBytes <= 0) throw new DomainError('forbidden', `website ${ctx.store.websiteId} does not take uploads`, UPLOADS_NOT_ALLOWED)
  return { maxBytes: settings.uploads.maxBytes }
}

function refuse(message: string): DomainError {
  return new DomainError('invalid', message)
}

/** Cleans, checks and stores an upload. `contentType` is the request's (without parameters). */
export async function storeArtwork(ctx: CoreContext, upload: { contentType: string; data: Buffer; rightsAccepted: boolean }): Promise<UploadedArtwork> {
  const policy = await artworkUploadPolicy(ctx)
  if (!upload.rightsAccepted) throw refuse(ACCEPT_RIGHTS)
  const fileType = ARTWORK_TYPES[upload.contentType as keyof typeof ARTWORK_TYPES]
  if (!fileType) throw refuse(PNG_OR_SVG)
  if (upload.data.length === 0) throw refuse('The file is empty.')
  if (upload.data.length > policy.maxBytes) throw new DomainError('invalid', 'artwork over the size limit', `The file is larger than ${formatBytes(policy.maxBytes)}.`)

  const principal = await currentShopper(ctx)
  const partnerId = principal?.partnerId ?? null
  const caller = partnerId !== null ? `partner:${partnerId}` : `ip:${ctx.clientKey ?? 'unknown'}`
  const decision = await rateLimiter().take(storeBucket(ctx.store.websiteId, `artwork-upload:${caller}`), partnerId !== null ? UPLOADS_PER_PARTNER : UPLOADS_PER_GUEST)
  if (!decision.allowed) throw new DomainError('rate_limited', `upload limit reached for ${caller}`, TOO_MANY_UPLOADS)

  const id = randomUUID()
  const folder = `${storeUploadsFolder(ctx.store.websiteId)}/artworks/${id}`
  const { svgSource, rendering, pngSource, colorCount } = await cleanArtwork(upload.data, fileType)
  let sourcePath: string
  if (svgSource) {
    // SVG is kept for the decoration partner but never served by the image route (PNG, JPEG, WebP only).
    sourcePath = `${folder}/source.svg`
    await imageStorage().put(sourcePath, svgSource)
  } else {
    const source = pngSource!
    const stored = await storeImage({ folder, stem: 'source', key: contentHash('artwork-source', source), ext: 'png', produce: async () => source })
    sourcePath = stored.imagePath
  }
  const image = await storeImage({ folder, stem: 'artwork', key: contentHash('artwork', rendering.png), ext: 'png', produce: async () => rendering.png })
  const { width, height } = rendering

  const [row] = await (await getDb())
    .insert(uploadedArtworks)
    .values({
      id,
      websiteId: ctx.store.websiteId,
      partnerId,
      fileType,
      sourcePath,
      imagePath: image.imagePath,
      bytes: upload.data.length,
      width,
      height,
      colorCount,
      rightsAcceptedAt: new Date(),
    })
    .returning()
  return {
    id: row!.id,
    fileType,
    imageUrl: imageUrl(image.imagePath, 512, 512, 'png'),
    aspectRatio: Math.round((width / height) * 10_000) / 10_000,
    colorCount,
  }
}

/** An artwork file made safe: an SVG cleaned (or refused), a PNG re-encoded, and its PNG rendering. */
export type CleanArtwork = { svgSource: Buffer | null; pngSource: Buffer | null; rendering: Drawn; colorCount: number }

/**
 * Cleans an artwork file of `fileType` the way every artwork is (shoppers' uploads, the console's
 * logos): an SVG through the sanitizer (a refusal is a DomainError with its sentence), then drawn
 * by sharp; a PNG decoded and encoded again. Every decode and draw is one job of the render queue.
 */
export async function cleanArtwork(data: Buffer, fileType: 'png' | 'svg'): Promise<CleanArtwork> {
  let svgSource: Buffer | null = null
  if (fileType === 'svg') {
    try {
      const sanitized = sanitizeSvg(data)
      if (sanitized.removed.length > 0) logger().info({ removed: sanitized.removed }, 'uploaded SVG cleaned')
      svgSource = Buffer.from(sanitized.svg)
    } catch (error) {
      if (error instanceof SvgRejectedError) throw refuse(error.message)
      throw error
    }
  }
  return renderQueue().run(async () => {
    const rendering = svgSource ? await drawn(svgSource, 'svg') : await drawn(data, 'png')
    const pngSource = svgSource ? null : await reencoded(data)
    return { svgSource, rendering, pngSource, colorCount: await countArtworkColors(rendering.png) }
  })
}

/** The artwork drawn as a PNG, and its own size (an SVG's width and height, a PNG's pixels). */
export type Drawn = { png: Buffer; width: number; height: number }

/** The upload decoded by sharp and drawn as a PNG at most RENDERING_SIDE on its longer side. */
async function drawn(data: Buffer, expected: 'png' | 'svg'): Promise<Drawn> {
  let metadata: Metadata
  try {
    metadata = await boundedSharp(data).metadata()
  } catch {
    throw refuse(expected === 'png' ? 'The file is not a readable PNG image.' : 'The SVG file could not be drawn.')
  }
  if (metadata.format !== expected) throw refuse(expected === 'png' ? 'The file is not a PNG image.' : 'The file is not an SVG image.')
  const { width = 0, height = 0 } = metadata
  if (width < 1 || height < 1) throw refuse('The artwork has no size.')
  const density = expected === 'svg' ? Math.min(2400, Math.max(72, (72 * RENDERING_SIDE) / Math.max(width, height))) : undefined
  try {
    const png = await boundedSharp(data, density ? { density } : {})
      .resize({ width: RENDERING_SIDE, height: RENDERING_SIDE, fit: 'inside', withoutEnlargement: expected === 'png' })
      .png()
      .toBuffer()
    return { png, width, height }
  } catch (error) {
    if (isRenderTimeout(error)) throw refuse(RENDER_TOO_SLOW)
    throw refuse(expected === 'png' ? 'The PNG image could not be read.' : 'The SVG file could not be drawn.')
  }
}

/** The uploaded PNG decoded and encoded again, which drops whatever else the file carried. */
async function reencoded(data: Buffer): Promise<Buffer> {
  try {
    return await boundedSharp(data).png().toBuffer()
  } catch (error) {
    throw refuse(isRenderTimeout(error) ? RENDER_TOO_SLOW : 'The PNG image could not be read.')
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1_000_000 ? `${Math.round(bytes / 100_000) / 10} MB` : `${Math.round(bytes / 1000)} kB`
}
