import { describe, expect, test } from 'vitest'
import { PREVIEW_TTL_SECONDS, previewSecondsLeft, signPreviewToken } from './store-preview'

const key = new TextEncoder().encode('a key for previews, long enough to be a real one')
const otherKey = new TextEncoder().encode('another install entirely, with its own key')
const now = 1_800_000_000

describe("a draft store's preview token", () => {
  test('opens the store it names until it ends', () => {
    const { token, expiresAt } = signPreviewToken(key, 7, now)
    expect(expiresAt).toBe(now + PREVIEW_TTL_SECONDS)
    expect(previewSecondsLeft(key, token, 7, now)).toBe(PREVIEW_TTL_SECONDS)
    expect(previewSecondsLeft(key, token, 7, expiresAt - 1)).toBe(1)
    expect(previewSecondsLeft(key, token, 7, expiresAt)).toBe(0)
  })

  test('opens no other store, and nothing once changed or signed with another key', () => {
    const { token } = signPreviewToken(key, 7, now)
    expect(previewSecondsLeft(key, token, 8, now)).toBe(0)
    expect(previewSecondsLeft(key, token.replace(/^7\./, '8.'), 8, now)).toBe(0)
    expect(previewSecondsLeft(key, token.replace(/\.(\d+)\./, (_, expiry: string) => `.${Number(expiry) + 86_400}.`), 7, now)).toBe(0)
    expect(previewSecondsLeft(otherKey, token, 7, now)).toBe(0)
    for (const junk of ['', 'x', '7.1.abc', null, undefined]) expect(previewSecondsLeft(key, junk, 7, now)).toBe(0)
  })
})
