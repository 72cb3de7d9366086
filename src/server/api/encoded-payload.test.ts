import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { encodePayload, etagMatches, negotiateEncoding } from './encoded-payload'

describe('an encoded payload', () => {
  const data = { products: Array.from({ length: 200 }, (_, id) => ({ id, name: `Polo ${id}` })) }

  test('keeps the JSON and compresses it with brotli and gzip on demand, once each', async () => {
    const payload = encodePayload(data)
    expect(JSON.parse(payload.json)).toEqual(data)
    const br = await payload.encoded('br')
    const gz = await payload.encoded('gzip')
    expect(JSON.parse(brotliDecompressSync(br!).toString())).toEqual(data)
    expect(JSON.parse(gunzipSync(gz!).toString())).toEqual(data)
    expect(await payload.encoded('br')).toBe(br)
  })

  test('has a weak ETag that depends only on the content', () => {
    expect(encodePayload(data).etag).toMatch(/^W\/"[\w-]{27}"$/)
    expect(encodePayload(data).etag).toBe(encodePayload({ ...data }).etag)
    expect(encodePayload({ other: true }).etag).not.toBe(encodePayload(data).etag)
  })

  test('a one-shot payload (one request, e.g. a partner) is compressed with the fast settings to the same JSON, still several times smaller', async () => {
    const oneShot = await encodePayload(data, 'one-shot').encoded('br')
    expect(JSON.parse(brotliDecompressSync(oneShot!).toString())).toEqual(data)
    expect(JSON.parse(gunzipSync((await encodePayload(data, 'one-shot').encoded('gzip'))!).toString())).toEqual(data)
    expect(oneShot!.length).toBeLessThan(Buffer.byteLength(JSON.stringify(data)) / 4)
  })

  test('does not compress small payloads', async () => {
    expect(await encodePayload({ ok: true }).encoded('gzip')).toBeNull()
  })
})

describe('content negotiation', () => {
  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['', null],
    [null, null],
    [' BR ; Q=0.5 , gzip;q=0.4', 'br'],
    ['br;level=1;q=0.8, gzip', 'gzip'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', null],
    ['gzip;q=abc', null],
    [`br${' '.repeat(16_000)}x`, null],
    [`${' ,'.repeat(8_000)}gzip`, 'gzip'],
  ])('Accept-Encoding %j picks %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected)
  })

  test('If-None-Match matches weakly, in a list, or with *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true)
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true)
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true)
    expect(etagMatches('*', 'W/"abc"')).toBe(true)
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false)
    expect(etagMatches(null, 'W/"abc"')).toBe(false)
  })
})
