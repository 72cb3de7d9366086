import { createHash, randomBytes } from 'node:crypto'
import { access, mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { slugText } from '@/isomorphic/slugify'
import { env } from '../env'

// The image store is a folder (env().IMAGES_DIR) of source images that the image route scales.
// Every stored name carries a hash of what went into the image (`field-tee-navy.3f9c0a1b2d.png`):
// an unchanged image is never drawn twice, and a changed one gets a new address, so the year-long
// immutable caching of the image route stays correct.

export const HASHED_NAME = /^(?<stem>[a-z0-9][a-z0-9-]*)\.(?<hash>[0-9a-f]{10})\.(?<ext>png|jpe?g|webp)$/

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

export type StoredImageResult = { imagePath: string; folder: string; name: string; created: boolean }

/**
 * Stores `produce()`'s bytes as `folder/stem.<hash of key>.ext` unless that file already exists.
 * Writes go through a temporary file and a rename, so a reader never sees half an image.
 */
export async function storeImage(options: {
  folder: string
  stem: string
  key: string
  ext: 'png' | 'jpg' | 'jpeg' | 'webp'
  produce: () => Promise<Buffer>
  root?: string
}): Promise<StoredImageResult> {
  const root = options.root ?? imagesRoot()
  const name = `${slugify(options.stem)}.${contentHash(options.key)}.${options.ext}`
  const directory = path.join(root, options.folder)
  const target = path.join(/* turbopackIgnore: true */ directory, name)
  const result = { imagePath: `${options.folder}/${name}`, folder: options.folder, name }
  if (await exists(target)) return { ...result, created: false }
  const data = await options.produce()
  await mkdir(directory, { recursive: true })
  const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`
  await writeFile(temporary, data)
  await rename(temporary, target)
  return { ...result, created: true }
}

/**
 * Stores `data` under a hashed name it already has (an image a store file export carried out of this
 * image store comes back under its own name), unless that name holds other bytes: then null, and
 * the caller stores it the usual way under a new name.
 */
export async function storeImageNamed(options: { folder: string; name: string; data: Buffer; root?: string }): Promise<StoredImageResult | null> {
  if (!HASHED_NAME.test(options.name)) return null
  const root = options.root ?? imagesRoot()
  const directory = path.join(root, options.folder)
  const target = path.join(/* turbopackIgnore: true */ directory, options.name)
  const result = { imagePath: `${options.folder}/${options.name}`, folder: options.folder, name: options.name }
  if (await exists(target)) return (await readFile(target)).equals(options.data) ? { ...result, created: false } : null
  await mkdir(directory, { recursive: true })
  const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`
  await writeFile(temporary, options.data)
  await rename(temporary, target)
  return { ...result, created: true }
}

/**
 * Deletes the hashed images in `folder` that are not kept. With `stems`, only images of those stems
 * (a shared folder such as logos/, where other stores' images live too).
 */
export async function removeStaleImages(folder: string, keep: ReadonlySet<string>, stems?: ReadonlySet<string>, root = imagesRoot()): Promise<number> {
  const directory = path.join(root, folder)
  let names: string[]
  try {
    names = await readdir(directory)
  } catch {
    return 0
  }
  let removed = 0
  for (const name of names) {
    const match = HASHED_NAME.exec(name)
    if (!match || keep.has(name)) continue
    if (stems && !stems.has(match.groups!.stem!)) continue
    await unlink(path.join(directory, name)).catch(() => undefined)
    removed++
  }
  return removed
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file)
    return true
  } catch {
    return false
  }
}
