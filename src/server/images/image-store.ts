import { createHash } from 'node:crypto'
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { slugText } from '@/isomorphic/slugify'
import { imageStorage } from '../adapters/image-storage'
import { objectKeyOf, type ObjectStorage } from '../adapters/object-storage'
import { env } from '../env'

// The image store holds the source images that the image route scales: the folder env().IMAGES_DIR,
// or an S3 bucket when S3_BUCKET is set (adapters/object-storage.ts; decision 026). Every stored name
// carries a hash of what went into the image (`field-tee-navy.3f9c0a1b2d.png`): an unchanged image
// is never drawn twice, and a changed one gets a new address, so the year-long immutable caching of
// the image route stays correct.

export const HASHED_NAME = /^(?<stem>[a-z0-9][a-z0-9-]*)\.(?<hash>[0-9a-f]{10})\.(?<ext>png|jpe?g|webp)$/

/** The folder of the image store when it is a folder (IMAGES_DIR; tests and the embedded default). */
export function imagesRoot(): string {
  return path.resolve(env().IMAGES_DIR)
}

export function contentHash(...parts: (string | Buffer | number)[]): string {
  const hash = createHash('sha256')
  for (const part of parts) {
    hash.update(typeof part === 'number' ? String(part) : part)
    hash.update('\u0000')
  }
  return hash.digest('hex').slice(0, 10)
}

export function slugify(value: string): string {
  return slugText(value) || 'image'
}

/**
 * The folder of a store's own uploads, stores/{websiteId}/uploads (decision 026): a shopper's artwork
 * and the mockups drawn from it. The image route serves it to that store only. Content-addressed
 * catalog images (products/, logos/, stores/{code}/…) stay shared.
 */
export function storeUploadsFolder(websiteId: number): string {
  return `stores/${websiteId}/uploads`
}

/**
 * The bytes of an image path the database keeps (`logos/acme.3f9c0a1b2d.png`, with or without a
 * leading "/"), or null when the image store has no such object or the path is not one of its keys.
 */
export async function readStoredImage(imagePath: string, storage = imageStorage()): Promise<Buffer | null> {
  const key = objectKeyOf(imagePath)
  return key === null ? null : storage.get(key)
}

/** Removes a stored image (nothing happens when it is already gone or the path is not a key). */
export async function deleteStoredImage(imagePath: string, storage = imageStorage()): Promise<void> {
  const key = objectKeyOf(imagePath)
  if (key !== null) await storage.delete(key)
}

/**
 * Makes the stored object `key` readable as the file `target` (a store file's images for the
 * importer, which reads files): a link to the folder's file, or the bucket's bytes written there.
 * False when there is no such object.
 */
export async function placeStoredImage(key: string, target: string, storage = imageStorage()): Promise<boolean> {
  await mkdir(path.dirname(target), { recursive: true })
  const local = storage.localFile(key)
  if (local) {
    if (!(await storage.head(key))) return false
    await symlink(local, target)
    return true
  }
  const data = await storage.get(key)
  if (!data) return false
  await writeFile(target, data)
  return true
}

export type StoredImageResult = { imagePath: string; folder: string; name: string; created: boolean }

/**
 * Stores `produce()`'s bytes as `folder/stem.<hash of key>.ext` unless that object already exists.
 * A reader never sees half an image (the folder writes through a temporary file and a rename; S3
 * shows an object only once it is whole).
 */
export async function storeImage(options: {
  folder: string
  stem: string
  key: string
  ext: 'png' | 'jpg' | 'jpeg' | 'webp'
  produce: () => Promise<Buffer>
  storage?: ObjectStorage
}): Promise<StoredImageResult> {
  const storage = options.storage ?? imageStorage()
  const name = `${slugify(options.stem)}.${contentHash(options.key)}.${options.ext}`
  const result = { imagePath: `${options.folder}/${name}`, folder: options.folder, name }
  if (await storage.head(result.imagePath)) return { ...result, created: false }
  await storage.put(result.imagePath, await options.produce())
  return { ...result, created: true }
}

/**
 * Stores `data` under a hashed name it already has (an image a store file export carried out of this
 * image store comes back under its own name), unless that name holds other bytes: then null, and
 * the caller stores it the usual way under a new name.
 */
export async function storeImageNamed(options: { folder: string; name: string; data: Buffer; storage?: ObjectStorage }): Promise<StoredImageResult | null> {
  if (!HASHED_NAME.test(options.name)) return null
  const storage = options.storage ?? imageStorage()
  const result = { imagePath: `${options.folder}/${options.name}`, folder: options.folder, name: options.name }
  const existing = await storage.get(result.imagePath)
  if (existing) return existing.equals(options.data) ? { ...result, created: false } : null
  await storage.put(result.imagePath, options.data)
  return { ...result, created: true }
}

/**
 * Deletes the hashed images directly in `folder` that are not kept. With `stems`, only images of
 * those stems (a shared folder such as logos/, where other stores' images live too).
 */
export async function removeStaleImages(folder: string, keep: ReadonlySet<string>, stems?: ReadonlySet<string>, storage = imageStorage()): Promise<number> {
  const prefix = `${folder.replace(/\/+$/, '')}/`
  let removed = 0
  for (const key of await storage.list(prefix)) {
    const name = key.slice(prefix.length)
    if (name.includes('/')) continue
    const match = HASHED_NAME.exec(name)
    if (!match || keep.has(name)) continue
    if (stems && !stems.has(match.groups!.stem!)) continue
    await storage.delete(key).catch(() => undefined)
    removed++
  }
  return removed
}
