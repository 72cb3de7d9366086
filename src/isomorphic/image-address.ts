// The image address rule (spec 3): "a path beginning with https:// is used as is; otherwise it is the
// API base, the path, a size of width x height, and a name with the size appended". Pure: runs in the
// browser too. The image route (/api/images/[...path]) serves exactly these addresses.

/** Where the image route lives; NEXT_PUBLIC_IMAGE_BASE points it at a CDN in front of the app. */
export const IMAGE_BASE = trimTrailingSlash(process.env.NEXT_PUBLIC_IMAGE_BASE || '/api/images')

/**
 * The only widths and heights the image route renders, so nobody can make the server render
 * arbitrary sizes: favicon sizes (16–192), card and gallery steps, 630 for social cards, and the
 * halves of 2:1 hero sizes (400, 800), up to 1600.
 */
export const IMAGE_SIZES = [
  16, 32, 48, 64, 96, 128, 160, 180, 192, 256, 320, 384, 400, 480, 512, 630, 640, 768, 800, 960, 1024, 1200, 1280, 1600,
] as const

export type ImageSize = (typeof IMAGE_SIZES)[number]

/**
 * The shapes (width ÷ height) the pages show images in, and so the only variants the image route
 * draws (issue 13: any width with any height, in two formats, was 1,152 renders an image): square
 * (product pictures, the cart, mockups, logos, favicons), 16:10 (home tiles), 2:1 (the hero), 4:1 (the
 * header logo) and 1200:630 (social cards). A shape's height is the allowed size nearest to width ÷
 * ratio, as Picture and imageSrcSet compute it; PNG is drawn square only (favicons, logos, artwork).
 */
export const IMAGE_RATIOS = [1, 16 / 10, 2, 4, 1200 / 630] as const

/** Whether the image route draws `width` × `height` in `format`. */
export function isImageVariant(width: number, height: number, format: 'webp' | 'png'): boolean {
  if (!isImageSize(width) || !isImageSize(height)) return false
  if (format === 'png') return width === height
  return IMAGE_RATIOS.some((ratio) => nearestImageSize(Math.round(width / ratio)) === height)
}

/** The size segment that serves the stored file itself, unchanged (e.g. the original favicon). */
export const ORIGINAL_SIZE_SEGMENT = 'original'

export type StoredImage = { path: string; name: string }

export function isAbsoluteImageUrl(path: string): boolean {
  return path.startsWith('https://')
}

export function isImageSize(value: number): value is ImageSize {
  return (IMAGE_SIZES as readonly number[]).includes(value)
}

/** The smallest allowed size at least `pixels` wide (the largest one when none is). */
export function nearestImageSize(pixels: number): ImageSize {
  return IMAGE_SIZES.find((size) => size >= pixels) ?? IMAGE_SIZES[IMAGE_SIZES.length - 1]!
}

/**
 * `${IMAGE_BASE}/${path}/${width}x${height}/${stem}_${width}x${height}.webp`, or `path` itself when
 * it is an https:// address. `format: 'png'` is for favicons and other places that need PNG.
 */
export function productImageUrl(
  image: StoredImage,
  width: number,
  height: number,
  format: 'webp' | 'png' = 'webp',
): string {
  if (isAbsoluteImageUrl(image.path)) return image.path
  const size = `${width}x${height}`
  return joinAddress(image.path, size, `${stemOf(image.name)}_${size}.${format}`)
}

/**
 * The same rule for images stored as one string ('folder/name.png', as the website's favicon, social
 * and logo images, the hero image and logo artwork are).
 */
export function imageUrl(imagePath: string, width: number, height: number, format: 'webp' | 'png' = 'webp'): string {
  return productImageUrl(splitImagePath(imagePath), width, height, format)
}

/** The stored file unchanged, e.g. `/api/images/site/original/favicon.1a2b3c4d.png`. */
export function originalImageUrl(imagePath: string): string {
  if (isAbsoluteImageUrl(imagePath)) return imagePath
  const { path, name } = splitImagePath(imagePath)
  return joinAddress(path, ORIGINAL_SIZE_SEGMENT, name)
}

/** A `srcset` value for the given widths of a square-or-fixed-ratio image (https:// paths: the address once). */
export function imageSrcSet(image: StoredImage, widths: readonly ImageSize[], aspect: number = 1): string {
  if (isAbsoluteImageUrl(image.path)) return image.path
  return widths
    .map((width) => `${productImageUrl(image, width, nearestImageSize(Math.round(width / aspect)))} ${width}w`)
    .join(', ')
}

export function splitImagePath(imagePath: string): StoredImage {
  if (isAbsoluteImageUrl(imagePath)) return { path: imagePath, name: '' }
  const trimmed = trimSlashes(imagePath)
  const slash = trimmed.lastIndexOf('/')
  return slash === -1 ? { path: '', name: trimmed } : { path: trimmed.slice(0, slash), name: trimmed.slice(slash + 1) }
}

function joinAddress(path: string, size: string, name: string): string {
  const folder = trimSlashes(path)
  return folder ? `${IMAGE_BASE}/${folder}/${size}/${name}` : `${IMAGE_BASE}/${size}/${name}`
}

function stemOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(0, dot) : name
}

function trimSlashes(value: string): string {
  return value.replace(/^\/+|\/+$/g, '')
}

function trimTrailingSlash(value: string): string {
  return value.replace(/\/+$/, '')
}
