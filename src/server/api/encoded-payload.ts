import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export type ContentEncoding = 'br' | 'gzip'

/**
 * A JSON answer prepared once per cache generation: the serialized text, a validator and its
 * compressed forms (each made on first demand, then kept with the payload).
 */
export type EncodedPayload = {
  readonly json: string
  readonly byteLength: number
  /**
   * Roughly the memory it keeps alive, for caches bounded by bytes: the JSON text plus room for
   * its two compressed forms (JSON compresses 10–20×; half the JSON is a generous allowance).
   */
  readonly heldBytes: number
  /** A weak validator: one content hash stands for every content-coding of the same JSON. */
  readonly etag: string
  /** The body in that encoding, or null when the payload is too small to be worth compressing. */
  encoded(encoding: ContentEncoding): Promise<Buffer | null>
}

const MIN_COMPRESSIBLE_BYTES = 1024

// Payloads are compressed once and served many times. For the 999-product list (≈1.1 MB) brotli
// quality 9 gives ≈50 kB in ≈30 ms; 10 and 11 save 2–5 kB more for 0.3–1.5 s of CPU each time
// the catalog changes, and gzip -9 gives ≈68 kB.
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
}
const GZIP_OPTIONS = { level: 9 }

// An answer made for one request (a signed-in partner's data) is compressed once and thrown away:
// brotli quality 9 would cost more CPU than the bytes it saves (≈1 ms for a few kB); quality 4
// and gzip 6 cost a tenth of that and still shrink JSON 4–6×.
const ONE_SHOT_BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
}
const ONE_SHOT_GZIP_OPTIONS = { level: 6 }

export type PayloadUse = 'shared' | 'one-shot'

/** `shared` payloads are cached and served many times; `one-shot` ones answer a single request. */
export function encodePayload(data: unknown, use: PayloadUse = 'shared'): EncodedPayload {
  return encodeJson(JSON.stringify(data), use)
}

/** A payload from JSON text already serialized (e.g. read back from a shared cache). */
export function encodeJson(json: string, use: PayloadUse = 'shared'): EncodedPayload {
  const [brotliOptions, gzipOptions] = use === 'shared' ? [BROTLI_OPTIONS, GZIP_OPTIONS] : [ONE_SHOT_BROTLI_OPTIONS, ONE_SHOT_GZIP_OPTIONS]
  const byteLength = Buffer.byteLength(json)
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 27)
  const cache = new Map<ContentEncoding, Promise<Buffer>>()

  return {
    json,
    byteLength,
    heldBytes: byteLength + Math.ceil(byteLength / 2),
    etag: `W/"${hash}"`,
    encoded(encoding) {
      if (byteLength < MIN_COMPRESSIBLE_BYTES) return Promise.resolve(null)
      let pending = cache.get(encoding)
      if (!pending) {
        // The UTF-8 bytes are made for each compression (twice at most) rather than kept beside the text.
        const raw = Buffer.from(json)
        pending = encoding === 'br' ? brotli(raw, brotliOptions) : gzipAsync(raw, gzipOptions)
        cache.set(encoding, pending)
        pending.catch(() => cache.delete(encoding))
      }
      return pending
    },
  }
}

// One parser of Accept-Encoding for the API and the page cache (src/isomorphic/accept-encoding.mjs).
export { negotiateEncoding } from '@/isomorphic/accept-encoding.mjs'

/** If-None-Match with weak comparison (RFC 9110 13.1.2): any listed tag, or *, matches. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  const wanted = opaque(etag)
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted)
}
