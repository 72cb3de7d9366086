import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { isImageSize, isImageVariant, IMAGE_SIZES, ORIGINAL_SIZE_SEGMENT } from '@/isomorphic/image-address'
import { env } from '../env'
import { DomainError } from '../kernel/errors'
import { boundedSharp, renderQueue } from './render-queue'

// Serves the addresses of src/isomorphic/image-address.ts:
//   {folder…}/{w}x{h}/{stem}_{w}x{h}.webp|png   the stored image {stem}.png|jpg|jpeg|webp, scaled
//   {folder…}/original/{name}                    the stored file itself (e.g. the favicon)
// Only the variants the pages use are drawn (isImageVariant: sizes from IMAGE_SIZES in the pages'
// shapes) and only files inside IMAGES_DIR are read. A scaled image is drawn once, as a job of the
// process's render queue (render-queue.ts: bounded concurrency and waiting line, a time limit), and
// kept under IMAGE_CACHE_DIR; its ETag comes from the source's size and time, so a 304 needs no more
// than a stat, and a cached variant is read without waiting for the queue.

/** Bump when the scaling below changes, so cached renders are redone. */
const SCALER_VERSION = 1
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable'

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/
const SIZED_NAME = /^(?<stem>[A-Za-z0-9][A-Za-z0-9._-]*)_(?<width>\d{1,4})x(?<height>\d{1,4})\.(?<format>webp|png)$/
const ORIGINAL_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.(png|jpe?g|webp)$/
const SOURCE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp'] as const
const MAX_FOLDER_DEPTH = 8

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  webp: 'image/webp',
  png: 'image/png',
}

export type ImageResult =
  | { status: 200; body: Buffer; contentType: string; etag: string; cacheControl: string }
  | { status: 304; etag: string; cacheControl: string }

type Roots = { images: string; cache: string }

export type ImageRequest = {
  /** The address after the route's base, one entry per path segment (already URL-decoded). */
  segments: readonly string[]
  ifNoneMatch?: string | null
}

/** Throws DomainError `invalid` (a malformed address or a size not allowed) or `not_found`. */
export async function getImage({ segments, ifNoneMatch }: ImageRequest, roots: Roots = defaultRoots()): Promise<ImageResult> {
  const address = parseAddress(segments)
  const imagesRoot = await realRoot(roots.images)
  const folder = path.join(/* turbopackIgnore: true */ imagesRoot, ...address.folder)

  if (address.kind === 'original') {
    const source = await findSource(imagesRoot, folder, [address.name])
    const etag = etagFor(source, 'original')
    if (etagMatches(ifNoneMatch, etag)) return { status: 304, etag, cacheControl: IMAGE_CACHE_CONTROL }
    const body = await readFile(source.file)
    return { status: 200, body, contentType: CONTENT_TYPES[path.extname(source.file).toLowerCase()]!, etag, cacheControl: IMAGE_CACHE_CONTROL }
  }

  const { width, height, format, stem } = address
  const source = await findSource(
    imagesRoot,
    folder,
    SOURCE_EXTENSIONS.map((extension) => `${stem}${extension}`),
  )
  const etag = etagFor(source, `${width}x${height}.${format}`)
  if (etagMatches(ifNoneMatch, etag)) return { status: 304, etag, cacheControl: IMAGE_CACHE_CONTROL }
  const cached = path.join(/* turbopackIgnore: true */ roots.cache, ...address.folder, `${width}x${height}`, `${stem}.${etag.slice(1, -1)}.${format}`)
  const body = await readOrRender(cached, () => renderQueue().run(() => scale(source.file, width, height, format)))
  return { status: 200, body, contentType: CONTENT_TYPES[format]!, etag, cacheControl: IMAGE_CACHE_CONTROL }
}

type Address =
  | { kind: 'original'; folder: string[]; name: string }
  | { kind: 'sized'; folder: string[]; width: number; height: number; format: 'webp' | 'png'; stem: string }

function parseAddress(segments: readonly string[]): Address {
  if (segments.length < 2) throw new DomainError('not_found', 'Image not found: an image address is {folder}/{width}x{height}/{name}_{width}x{height}.webp')
  if (segments.length > MAX_FOLDER_DEPTH + 2) throw new DomainError('not_found', 'Image not found: the address has too many folders')
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment.includes('..')) {
      throw new DomainError('invalid', `Invalid image address: "${segment}" is not allowed (letters, digits, ".", "-" and "_" only, no "..")`)
    }
  }
  const folder = segments.slice(0, -2)
  const size = segments.at(-2)!
  const name = segments.at(-1)!
  if (size === ORIGINAL_SIZE_SEGMENT) {
    if (!ORIGINAL_NAME.test(name)) throw new DomainError('invalid', `Invalid image address: "${name}" is not an image file name`)
    return { kind: 'original', folder, name }
  }
  const sizeMatch = /^(\d{1,4})x(\d{1,4})$/.exec(size)
  if (!sizeMatch) throw new DomainError('invalid', `Invalid image size "${size}": use {width}x{height} or "${ORIGINAL_SIZE_SEGMENT}"`)
  const width = Number(sizeMatch[1])
  const height = Number(sizeMatch[2])
  if (!isImageSize(width) || !isImageSize(height)) {
    throw new DomainError('invalid', `Image size ${width}x${height} is not allowed: widths and heights must be one of ${IMAGE_SIZES.join(', ')}`)
  }
  const nameMatch = SIZED_NAME.exec(name)
  if (!nameMatch || Number(nameMatch.groups!.width) !== width || Number(nameMatch.groups!.height) !== height) {
    throw new DomainError('invalid', `Invalid image name "${name}": it must be {name}_${width}x${height}.webp (or .png)`)
  }
  const format = nameMatch.groups!.format as 'webp' | 'png'
  if (!isImageVariant(width, height, format)) {
    throw new DomainError(
      'invalid',
      `Image size ${width}x${height}.${format} is not drawn: images come square, or 16:10, 2:1, 4:1 or 1200:630 (height the allowed size nearest to width ÷ ratio) as webp; png is square only`,
    )
  }
  return { kind: 'sized', folder, width, height, format, stem: nameMatch.groups!.stem! }
}

type Source = { file: string; size: number; mtimeMs: number }

async function findSource(imagesRoot: string, folder: string, names: readonly string[]): Promise<Source> {
  for (const name of names) {
    const candidate = path.join(folder, name)
    let info
    try {
      info = await stat(candidate)
    } catch {
      continue
    }
    if (!info.isFile()) continue
    // The segments cannot climb out, but a symbolic link inside the store could point anywhere.
    const real = await realpath(candidate)
    if (!real.startsWith(imagesRoot + path.sep)) break
    return { file: real, size: info.size, mtimeMs: info.mtimeMs }
  }
  throw new DomainError('not_found', 'Image not found')
}

function etagFor(source: Source, variant: string): string {
  const hash = createHash('sha1').update(`${SCALER_VERSION}|${source.file}|${source.size}|${source.mtimeMs}|${variant}`).digest('hex').slice(0, 20)
  return `"${hash}"`
}

function etagMatches(header: string | null | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}

const rendering = new Map<string, Promise<Buffer>>()

/** The cached render, or a new one written atomically (concurrent requests share one render). */
async function readOrRender(file: string, render: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await readFile(file)
  } catch {
    // Not rendered yet.
  }
  let pending = rendering.get(file)
  if (!pending) {
    pending = (async () => {
      const body = await render()
      await mkdir(path.dirname(file), { recursive: true })
      const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`
      await writeFile(temporary, body)
      await rename(temporary, file).catch(async (error: unknown) => {
        await unlink(temporary).catch(() => undefined)
        throw error
      })
      return body
    })().finally(() => rendering.delete(file))
    rendering.set(file, pending)
  }
  return pending
}

/**
 * Fits the whole image in width × height ("contain": a garment is never cropped), padding with the
 * image's own corner colour so the studio background or transparency simply continues.
 */
async function scale(file: string, width: number, height: number, format: 'webp' | 'png'): Promise<Buffer> {
  const corner = await boundedSharp(file).extract({ left: 0, top: 0, width: 1, height: 1 }).ensureAlpha().raw().toBuffer()
  const background = { r: corner[0]!, g: corner[1]!, b: corner[2]!, alpha: corner[3]! / 255 }
  const resized = boundedSharp(file).resize(width, height, { fit: 'contain', background })
  return format === 'png' ? resized.png({ compressionLevel: 9 }).toBuffer() : resized.webp({ quality: 82 }).toBuffer()
}

function defaultRoots(): Roots {
  const config = env()
  return { images: path.resolve(config.IMAGES_DIR), cache: path.resolve(config.IMAGE_CACHE_DIR) }
}

const realRoots = new Map<string, string>()
async function realRoot(root: string): Promise<string> {
  const known = realRoots.get(root)
  if (known) return known
  try {
    const real = await realpath(root)
    realRoots.set(root, real)
    return real
  } catch {
    throw new DomainError('not_found', 'Image not found')
  }
}
