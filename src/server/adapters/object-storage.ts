import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'

// Where uploads, copied catalog images and drawn images live (issue 25): one interface, two places.
// - A folder (IMAGES_DIR): the embedded default, today's behaviour; one machine, or a shared disk.
// - S3-compatible object storage (S3_BUCKET …; AWS S3, Cloudflare R2, MinIO, Backblaze B2): several
//   machines read and write the same images without a shared volume (s3-storage.ts).
// image-storage.ts picks one by the environment.
// Keys are relative, "/"-separated paths such as `products/tee/front.3f9c0a1b2d.png`: the image path
// the database keeps. A missing object is null from get and head in both, never an error; a store
// that cannot be reached is a DomainError `unavailable` (S3) or the file system's own error (folder).

/** What head tells about a stored object: its size and a token that changes when its bytes do. */
export type ObjectInfo = { size: number; version: string }

export interface ObjectStorage {
  /** 'folder' keeps files on this machine's disk; 's3' keeps them in a bucket shared by every machine. */
  readonly kind: 'folder' | 's3'
  /** The bytes of `key`, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>
  /** The size and version of `key`, or null when there is no such object. */
  head(key: string): Promise<ObjectInfo | null>
  /** Stores `data` as `key`, replacing what was there; a reader never sees half an object. */
  put(key: string, data: Buffer): Promise<void>
  /** Removes `key`; removing a missing object is not an error. */
  delete(key: string): Promise<void>
  /** Every key under the folder `prefix` ("stores/granite-ridge/"), in any depth, sorted. */
  list(prefix: string): Promise<string[]>
  /** The file on this machine that holds `key` (folder storage only; null for S3 or a key outside the folder). */
  localFile(key: string): string | null
}

const KEY_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/
const MAX_KEY_SEGMENTS = 16

/** Why `key` is not an object key (an image path), or null when it is one. */
export function objectKeyProblem(key: string): string | null {
  if (typeof key !== 'string' || key.length === 0) return 'an object key must not be empty'
  const segments = key.split('/')
  if (segments.length > MAX_KEY_SEGMENTS) return `the object key "${key.slice(0, 80)}" has more than ${MAX_KEY_SEGMENTS} folders`
  for (const segment of segments) {
    if (!KEY_SEGMENT.test(segment) || segment.includes('..')) {
      return `the object key "${key.slice(0, 80)}" has the part "${segment.slice(0, 40)}": use letters, digits, ".", "-" and "_" between "/", without ".." or a leading "/"`
    }
  }
  return null
}

/** The key, checked; throws with objectKeyProblem's sentence otherwise (a bug of the caller, never a shopper's input). */
export function checkObjectKey(key: string): string {
  const problem = objectKeyProblem(key)
  if (problem) throw new Error(`Invalid object key: ${problem}`)
  return key
}

/** The image path the database keeps (`products/tee/x.png`, or with a leading "/") as an object key; null when it is not one. */
export function objectKeyOf(imagePath: string): string | null {
  const key = imagePath.replace(/^\/+/, '')
  return objectKeyProblem(key) === null ? key : null
}

/** A content type for the key's extension (S3 answers it to whoever reads the object directly). */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase()
  return CONTENT_TYPES[extension] ?? 'application/octet-stream'
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  gif: 'image/gif',
}

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | null)?.code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

/**
 * The folder `root` as object storage (IMAGES_DIR). A key is a file below it; a symbolic link that
 * points outside the folder is read as missing, so no key reaches another file of the machine.
 */
export function folderStorage(root: string): ObjectStorage {
  const base = path.resolve(root)
  let realBase: string | undefined

  const fileOf = (key: string) => path.join(/* turbopackIgnore: true */ base, ...checkObjectKey(key).split('/'))

  /** The file's real path when it is a file inside the folder; null otherwise. */
  async function inside(file: string): Promise<string | null> {
    try {
      realBase ??= await realpath(base)
      const real = await realpath(file)
      return real.startsWith(realBase + path.sep) ? real : null
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  return {
    kind: 'folder',
    async get(key) {
      const real = await inside(fileOf(key))
      if (!real) return null
      try {
        return await readFile(real)
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null
        throw error
      }
    },
    async head(key) {
      const real = await inside(fileOf(key))
      if (!real) return null
      const info = await stat(real)
      if (!info.isFile()) return null
      return { size: info.size, version: `${info.size}-${Math.round(info.mtimeMs)}` }
    },
    async put(key, data) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`
      await writeFile(temporary, data)
      await rename(temporary, file).catch(async (error: unknown) => {
        await unlink(temporary).catch(() => undefined)
        throw error
      })
    },
    async delete(key) {
      await unlink(fileOf(key)).catch((error: unknown) => {
        if (!isMissing(error)) throw error
      })
    },
    async list(prefix) {
      const folder = prefix.replace(/\/+$/, '')
      const directory = folder === '' ? base : fileOf(folder)
      let entries
      try {
        entries = await readdir(directory, { recursive: true, withFileTypes: true })
      } catch (error) {
        if (isMissing(error)) return []
        throw error
      }
      return entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
        .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .filter((key) => objectKeyProblem(key) === null)
        .sort()
    },
    localFile(key) {
      return objectKeyProblem(key) === null ? fileOf(key) : null
    },
  }
}
