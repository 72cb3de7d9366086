import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { unzipSync, Zip, ZipDeflate, ZipPassThrough } from 'fflate'
import { imageStorage } from '../adapters/image-storage'
import type { StoreExport } from './export-store'

// A store file travels as a .zip (issue 16): store.json at the top and the image files it names
// (`images/…`) beside it. Written by fflate as a stream, one image at a time (read whole from the
// image store, folder or bucket; a stored image is at most 1600 px on its longer side) and handed on
// in 64 kB chunks (images are already compressed: stored, not deflated), so the memory an export
// takes does not grow with the store. Read back into a folder with every entry checked first.

export const STORE_JSON = 'store.json'
const CHUNK_BYTES = 64 * 1024

/** The zip of an export, chunk by chunk; the consumer's pace drives the reading (nothing is buffered ahead). */
export async function* storeFileZip(exported: StoreExport): AsyncGenerator<Uint8Array> {
  const queue: Uint8Array[] = []
  let failure: Error | null = null
  const zip = new Zip((error, chunk) => {
    if (error) failure = error
    else queue.push(chunk)
  })
  const drain = function* () {
    if (failure) throw failure
    while (queue.length > 0) yield queue.shift()!
  }
  const json = new ZipDeflate(STORE_JSON, { level: 6 })
  zip.add(json)
  json.push(new TextEncoder().encode(`${JSON.stringify(exported.file, null, 2)}\n`), true)
  yield* drain()
  const storage = imageStorage()
  for (const image of exported.images) {
    const data = await storage.get(image.key)
    if (!data) throw new Error(`image missing from the image store: ${image.key}`)
    const entry = new ZipPassThrough(image.zipPath)
    zip.add(entry)
    for (let offset = 0; offset < data.length; offset += CHUNK_BYTES) {
      entry.push(data.subarray(offset, offset + CHUNK_BYTES), false)
      yield* drain()
    }
    entry.push(new Uint8Array(0), true)
    yield* drain()
  }
  zip.end()
  yield* drain()
}

export class StoreZipError extends Error {
  override readonly name = 'StoreZipError'
}

/**
 * Unpacks an uploaded zip into `folder` and returns the path of its store.json (at the top, or in
 * the one folder the zip holds). Refuses entries that would land outside the folder, and more than
 * `maxUnpackedBytes` in all (as the entries declare; the inflater never writes past a declared size).
 */
export async function unpackStoreZip(bytes: Uint8Array, folder: string, maxUnpackedBytes: number): Promise<string> {
  let total = 0
  let tooBig = false
  let entries: Record<string, Uint8Array>
  try {
    entries = unzipSync(bytes, {
      filter: (entry) => {
        total += entry.originalSize
        if (total > maxUnpackedBytes) tooBig = true
        return !tooBig && !entry.name.endsWith('/')
      },
    })
  } catch (error) {
    throw new StoreZipError(`The file is not a readable .zip (${error instanceof Error ? error.message : String(error)}).`)
  }
  if (tooBig) throw new StoreZipError(`The zip unpacks to more than ${Math.round(maxUnpackedBytes / 1_000_000)} MB; import a smaller store or use npm run store:import on the server.`)
  const root = path.resolve(folder)
  let storeJson: string | null = null
  for (const [name, data] of Object.entries(entries)) {
    if (name.includes('\\') || name.startsWith('/') || name.split('/').some((part) => part === '..' || part === '')) {
      throw new StoreZipError(`The zip holds an entry with an unsafe name ("${name.slice(0, 100)}"): names must be relative paths without "..".`)
    }
    if (name.startsWith('__MACOSX/')) continue
    const target = path.resolve(root, name)
    if (!target.startsWith(root + path.sep)) throw new StoreZipError(`The zip holds an entry outside its folder ("${name.slice(0, 100)}").`)
    await mkdir(path.dirname(target), { recursive: true })
    await writeFile(target, data)
    const depth = name.split('/').length
    if (path.posix.basename(name) === STORE_JSON && depth <= 2 && (storeJson === null || depth < storeJson.split('/').length)) storeJson = name
  }
  if (storeJson === null) throw new StoreZipError(`The zip has no ${STORE_JSON} at its top: export the store from the console to see the expected layout.`)
  return path.resolve(root, storeJson)
}
