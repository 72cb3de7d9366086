import type { Metadata } from 'sharp'
import { DomainError } from '../kernel/errors'
import { contentHash, storeImage, type StoredImageResult } from './image-store'
import { boundedSharp, isRenderTimeout, MAX_INPUT_PIXELS, RENDER_TOO_SLOW, renderQueue } from './render-queue'

// A photo a member uploads in the console (issue 16): checked by what the bytes are, never by the
// name or the type the browser claimed, decoded and encoded again by sharp (which drops EXIF and
// anything else the file carried, and turns it upright), scaled to at most MAX_SIDE on its longer
// side, and kept in the image store under a content-hashed name like every other source image. The
// image route then draws the sizes the pages ask for. Decoding runs as one job of the process's
// render queue with sharp's pixel and time limits (render-queue.ts). Every refusal is a sentence.

/** Longest side of a stored upload (the same as a store file's copied images). */
export const MAX_UPLOADED_SIDE = 1600

const FORMATS = { png: 'png', jpeg: 'jpg', webp: 'webp' } as const
type Format = keyof typeof FORMATS

const refuse = (message: string) => new DomainError('invalid', message)

/** True when the bytes are an SVG or other XML/HTML text rather than a raster image. */
function looksLikeMarkup(data: Buffer): boolean {
  const head = data.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase()
  return head.startsWith('<') || head.includes('<svg')
}

export type NormalizedImage = { data: Buffer; ext: 'png' | 'jpg' | 'webp'; width: number; height: number }

/**
 * The upload as it will be stored, or a refusal naming the file (`label`): empty, an SVG, not an
 * image, another format than PNG, JPEG or WebP, too many pixels, or damaged.
 */
export async function normalizeUploadedImage(data: Buffer, label: string, what = 'product images'): Promise<NormalizedImage> {
  if (data.length === 0) throw refuse(`${label} is empty.`)
  if (looksLikeMarkup(data)) throw refuse(`${label} is a drawing or a web page, not a photo: upload ${what} as PNG, JPEG or WebP files.`)
  return renderQueue().run(async () => {
    let metadata: Metadata
    try {
      metadata = await boundedSharp(data).metadata()
    } catch {
      throw refuse(`${label} is not an image this store can read: upload PNG, JPEG or WebP files.`)
    }
    const format = metadata.format as string | undefined
    if (!format || !(format in FORMATS)) {
      throw refuse(`${label} is ${format ? `a ${format.toUpperCase()} file` : 'not an image this store can read'}: upload PNG, JPEG or WebP files.`)
    }
    const { width = 0, height = 0 } = metadata
    if (width < 1 || height < 1) throw refuse(`${label} has no size: it may be damaged.`)
    if (width * height > MAX_INPUT_PIXELS) {
      throw refuse(`${label} is ${width} × ${height} pixels, more than this store takes (${MAX_INPUT_PIXELS / 1_000_000} megapixels): make it smaller and upload it again.`)
    }
    try {
      const { data: output, info } = await boundedSharp(data)
        .rotate()
        .resize({ width: MAX_UPLOADED_SIDE, height: MAX_UPLOADED_SIDE, fit: 'inside', withoutEnlargement: true })
        .toFormat(format as Format)
        .toBuffer({ resolveWithObject: true })
      return { data: output, ext: FORMATS[format as Format], width: info.width, height: info.height }
    } catch (error) {
      if (isRenderTimeout(error)) throw refuse(`${label}: ${RENDER_TOO_SLOW}`)
      throw refuse(`${label} is damaged and could not be read: save it again from your photo editor and upload it.`)
    }
  })
}

/** Stores a normalized upload in `folder` as `{stem}.{hash}.{ext}` (nothing is written twice). */
export function storeUploadedImage(image: NormalizedImage, folder: string, stem: string): Promise<StoredImageResult> {
  return storeImage({ folder, stem, key: contentHash('upload', image.data), ext: image.ext, produce: async () => image.data })
}
