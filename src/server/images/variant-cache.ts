import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'

// The drawn sizes of images on this machine's disk (IMAGE_CACHE_DIR): each instance keeps its own,
// whether the originals are in the folder next to it or in a bucket every instance shares (decision
// 026). Bounded: when the files pass maxBytes, the least recently used are removed until they take
// at most LOW_WATER of it. The index is this process's: at start it is read from the folder (oldest
// first), then kept as files are read and written. Several workers on one machine each keep their
// own index of the same folder, so the folder may briefly pass the bound by what they drew since.

const LOW_WATER = 0.9

export type VariantCache = {
  readonly dir: string
  /** The cached file `name` ("products/tee/320x320/tee.ab12.webp"), or null when it is not (or no longer) there. */
  read(name: string): Promise<Buffer | null>
  /** Keeps `body` as `name` (atomically: a reader sees the whole file or none), then trims the cache to its bound. */
  write(name: string, body: Buffer): Promise<void>
  /** The bytes this process counts in the folder. */
  bytes(): Promise<number>
}

/** A cache of at most `maxBytes` in the folder `dir`. */
export function variantCache(dir: string, maxBytes: number): VariantCache {
  const root = path.resolve(dir)
  // Least recently used first: a Map keeps insertion order, and a use moves the entry to the end.
  const entries = new Map<string, number>()
  let total = 0
  let loaded: Promise<void> | undefined

  const fileOf = (name: string) => path.join(/* turbopackIgnore: true */ root, ...name.split('/'))

  function remember(name: string, size: number) {
    const known = entries.get(name)
    if (known !== undefined) {
      total -= known
      entries.delete(name)
    }
    entries.set(name, size)
    total += size
  }

  function forget(name: string) {
    const known = entries.get(name)
    if (known === undefined) return
    total -= known
    entries.delete(name)
  }

  function load(): Promise<void> {
    loaded ??= (async () => {
      let found
      try {
        found = await readdir(root, { recursive: true, withFileTypes: true })
      } catch {
        return
      }
      const files: { name: string; size: number; mtimeMs: number }[] = []
      for (const entry of found) {
        if (!entry.isFile() || entry.name.endsWith('.tmp')) continue
        const file = path.join(entry.parentPath, entry.name)
        const info = await stat(file).catch(() => null)
        if (info) files.push({ name: path.relative(root, file).split(path.sep).join('/'), size: info.size, mtimeMs: info.mtimeMs })
      }
      files.sort((a, b) => a.mtimeMs - b.mtimeMs)
      for (const file of files) if (!entries.has(file.name)) remember(file.name, file.size)
    })()
    return loaded
  }

  async function trim() {
    if (total <= maxBytes) return
    for (const [name] of entries) {
      if (total <= maxBytes * LOW_WATER || entries.size <= 1) break
      forget(name)
      await unlink(fileOf(name)).catch(() => undefined)
    }
  }

  return {
    dir: root,
    async read(name) {
      await load()
      try {
        const body = await readFile(fileOf(name))
        remember(name, body.length)
        return body
      } catch {
        forget(name)
        return null
      }
    },
    async write(name, body) {
      await load()
      const file = fileOf(name)
      await mkdir(path.dirname(file), { recursive: true })
      const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`
      await writeFile(temporary, body)
      await rename(temporary, file).catch(async (error: unknown) => {
        await unlink(temporary).catch(() => undefined)
        throw error
      })
      remember(name, body.length)
      await trim()
    },
    async bytes() {
      await load()
      return total
    },
  }
}
