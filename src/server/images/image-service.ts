import { createHash } from 'node:crypto'
import path from 'node:path'
import { isImageSize, isImageVariant, IMAGE_SIZES, ORIGINAL_SIZE_SEGMENT } from '@/isomorphic/image-address'
import { imageStorage } from '../adapters/image-storage'
import type { ObjectInfo, ObjectStorage } from '../adapters/object-storage'
import { env } from '../env'
import { DomainError } from '../kernel/errors'
import { HASHED_NAME } from './image-store'
import { boundedSharp, renderQueue } from './render-queue'
import { variantCache, type VariantCache } from './variant-cache'

// Serves the addresses of src/isomorphic/image-address.ts:
//   {folder…}/{w}x{h}/{stem}_{w}x{h}.webp|png   the stored image {stem}.png|jpg|jpeg|webp, scaled
//   {folder…}/original/{name}                    the stored file itself (e.g. the favicon)
// Only the variants the pages use are drawn (isImageVariant: sizes from IMAGE_SIZES in the pages'
// shapes) and only objects of the image store are read (adapters/object-storage.ts: the folder
// IMAGES_DIR, or an S3 bucket). A scaled image is drawn once per machine, as a job of the process's
// render queue (render-queue.ts: bounded concurrency and waiting line, a time limit), and kept in
// this machine's bounded IMAGE_CACHE_DIR (variant-cache.ts); its ETag comes from the source's key and
// version (size and time of a file, an S3 ETag), so a 304 needs no more than a head, and a cached
// variant is read without waiting for the queue. With S3, an original is kept in the same cache, and
// the head of a content-hashed name (which never changes) is remembered for a while.
//
// A shopper's upload lives under stores/{websiteId}/uploads/ (decision 026): it is served only to
// the store it belongs to; for any other store it does not exist.

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

/** Where the originals are, and this machine's cache of what was drawn from them. */
export type ImageStores = { storage: ObjectStorage; cache: VariantCache }

export type ImageRequest = {
  /** The address after the route's base, one entry per path segment (already URL-decoded). */
  segments: readonly string[]
  ifNoneMatch?: string | null
  /** The store that asks: another store's uploads (stores/{id}/uploads/…) are not found … */
  websiteId?: number
  /** … unless this says the caller may see them (the console's staff: upload-access.ts). */
  mayReadUploadsOf?: (websiteId: number) => Promise<boolean>
}

/** Throws DomainError `invalid` (a malformed address or a size not allowed) or `not_found`. */
export async function getImage({ segments, ifNoneMatch, websiteId, mayReadUploadsOf }: ImageRequest, stores: ImageStores = defaultStores()): Promise<ImageResult> {
  const address = parseAddress(segments)
  const owner = uploadsOwner(address.folder)
  if (owner !== null && owner !== websiteId && !(await mayReadUploadsOf?.(owner))) throw new DomainError('not_found', 'Image not found')
  const { storage, cache } = stores

  if (address.kind === 'original') {
    const source = await findSource(storage, address.folder, [address.name])
    const etag = etagFor(source, 'original')
    if (etagMatches(ifNoneMatch, etag)) return { status: 304, etag, cacheControl: IMAGE_CACHE_CONTROL }
    // A file next to the process is read as it is; an object of the bucket is kept on this machine.
    const body =
      storage.kind === 'folder'
        ? await readSource(storage, source)
        : await readOrRender(cache, [...address.folder, ORIGINAL_SIZE_SEGMENT, `${etag.slice(1, -1)}.${address.name}`].join('/'), () => readSource(storage, source))
    return { status: 200, body, contentType: CONTENT_TYPES[path.extname(address.name).toLowerCase()]!, etag, cacheControl: IMAGE_CACHE_CONTROL }
  }

  const { width, height, format, stem } = address
  const source = await findSource(
    storage,
    address.folder,
    SOURCE_EXTENSIONS.map((extension) => `${stem}${extension}`),
  )
  const etag = etagFor(source, `${width}x${height}.${format}`)
  if (etagMatches(ifNoneMatch, etag)) return { status: 304, etag, cacheControl: IMAGE_CACHE_CONTROL }
  const cached = [...address.folder, `${width}x${height}`, `${stem}.${etag.slice(1, -1)}.${format}`].join('/')
  const body = await readOrRender(cache, cached, async () => {
    const original = await readSource(storage, source)
    return renderQueue().run(() => scale(original, width, height, format))
  })
  return { status: 200, body, contentType: CONTENT_TYPES[format]!, etag, cacheControl: IMAGE_CACHE_CONTROL }
}

/** The store whose uploads the folder holds (storeUploadsFolder: stores/{websiteId}/uploads/…); null for shared images. */
export function uploadsOwner(folder: readonly string[]): number | null {
  if (folder[0] !== 'stores' || folder[2] !== 'uploads') return null
  // A folder that looks like uploads but names no store id belongs to no store that could ask.
  return /^[1-9]\d{0,9}$/.test(folder[1]!) ? Number(folder[1]) : -1
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

type Source = { key: string; info: ObjectInfo }

/** Heads of content-hashed keys in a bucket: such an object never changes, so one head serves a while. */
const KNOWN_HEADS_MAX = 10_000
const KNOWN_HEAD_MS = 10 * 60 * 1000
const knownHeads = new Map<string, { info: ObjectInfo; until: number }>()

async function headOf(storage: ObjectStorage, key: string): Promise<ObjectInfo | null> {
  const remembered = storage.kind === 's3' && HASHED_NAME.test(key.slice(key.lastIndexOf('/') + 1))
  if (remembered) {
    const known = knownHeads.get(key)
    if (known && known.until > Date.now()) return known.info
  }
  const info = await storage.head(key)
  if (info && remembered) {
    if (knownHeads.size >= KNOWN_HEADS_MAX) knownHeads.delete(knownHeads.keys().next().value!)
    knownHeads.set(key, { info, until: Date.now() + KNOWN_HEAD_MS })
  }
  return info
}

async function findSource(storage: ObjectStorage, folder: readonly string[], names: readonly string[]): Promise<Source> {
  for (const name of names) {
    const key = [...folder, name].join('/')
    const info = await headOf(storage, key)
    if (info) return { key, info }
  }
  throw new DomainError('not_found', 'Image not found')
}

/** The source's bytes; gone since its head (removed meanwhile): not found, like a missing one. */
async function readSource(storage: ObjectStorage, source: Source): Promise<Buffer> {
  const body = await storage.get(source.key)
  if (!body) {
    knownHeads.delete(source.key)
    throw new DomainError('not_found', 'Image not found')
  }
  return body
}

function etagFor(source: Source, variant: string): string {
  const hash = createHash('sha1').update(`${SCALER_VERSION}|${source.key}|${source.info.version}|${variant}`).digest('hex').slice(0, 20)
  return `"${hash}"`
}

function etagMatches(header: string | null | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}

const rendering = new Map<string, Promise<Buffer>>()

/** The cached render, or a new one kept in the cache (concurrent requests share one render). */
async function readOrRender(cache: VariantCache, name: string, render: () => Promise<Buffer>): Promise<Buffer> {
  const cached = await cache.read(name)
  if (cached) return cached
  const id = `${cache.dir}|${name}`
  let pending = rendering.get(id)
  if (!pending) {
    pending = (async () => {
      const body = await render()
      await cache.write(name, body)
      return body
    })().finally(() => rendering.delete(id))
    rendering.set(id, pending)
  }
  return pending
}

/**
 * Fits the whole image in width × height ("contain": a garment is never cropped), padding with the
 * image's own corner colour so the studio background or transparency simply continues.
 */
async function scale(file: Buffer, width: number, height: number, format: 'webp' | 'png'): Promise<Buffer> {
  const corner = await boundedSharp(file).extract({ left: 0, top: 0, width: 1, height: 1 }).ensureAlpha().raw().toBuffer()
  const background = { r: corner[0]!, g: corner[1]!, b: corner[2]!, alpha: corner[3]! / 255 }
  const resized = boundedSharp(file).resize(width, height, { fit: 'contain', background })
  return format === 'png' ? resized.png({ compressionLevel: 9 }).toBuffer() : resized.webp({ quality: 82 }).toBuffer()
}

const caches = new Map<string, VariantCache>()

/** This process's image store and its machine's cache (one cache object per folder and bound). */
function defaultStores(): ImageStores {
  const config = env()
  const id = `${path.resolve(config.IMAGE_CACHE_DIR)}|${config.IMAGE_CACHE_MAX_BYTES}`
  let cache = caches.get(id)
  if (!cache) caches.set(id, (cache = variantCache(config.IMAGE_CACHE_DIR, config.IMAGE_CACHE_MAX_BYTES)))
  return { storage: imageStorage(), cache }
}
