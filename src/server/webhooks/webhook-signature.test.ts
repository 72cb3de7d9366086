import { createHmac } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { newWebhookSecret, signWebhook, verifyWebhookSignature } from './webhook-signature'

describe('webhook signatures', () => {
  const secret = 'whsec_test-secret-of-the-endpoint'
  const body = '{"id":"evt_42","type":"order.paid"}'
  const timestamp = 1_800_000_000

  test('signs "<t>.<raw body>" with HMAC-SHA256 and names the event and the time in headers', () => {
    const headers = signWebhook({ secret, eventId: 'evt_42', body, timestamp })
    const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
    expect(headers).toEqual({ 'Webhook-Id': 'evt_42', 'Webhook-Timestamp': String(timestamp), 'Webhook-Signature': `t=${timestamp},v1=${expected}` })
  })

  test('a receiver accepts the signed body within the tolerance', () => {
    const header = signWebhook({ secret, eventId: 'evt_42', body, timestamp })['Webhook-Signature']
    expect(verifyWebhookSignature({ secret, header, body, now: timestamp + 299 })).toEqual({ ok: true, timestamp })
  })

  test('a changed body, another secret or a moved timestamp fail', () => {
    const header = signWebhook({ secret, eventId: 'evt_42', body, timestamp })['Webhook-Signature']!
    expect(verifyWebhookSignature({ secret, header, body: body.replace('paid', 'refunded'), now: timestamp })).toEqual({ ok: false, reason: 'mismatch' })
    expect(verifyWebhookSignature({ secret: 'whsec_other', header, body, now: timestamp })).toEqual({ ok: false, reason: 'mismatch' })
    const moved = header.replace(`t=${timestamp}`, `t=${timestamp + 60}`)
    expect(verifyWebhookSignature({ secret, header: moved, body, now: timestamp })).toEqual({ ok: false, reason: 'mismatch' })
  })

  test('an old (replayed) signature is refused even though it matches', () => {
    const header = signWebhook({ secret, eventId: 'evt_42', body, timestamp })['Webhook-Signature']
    expect(verifyWebhookSignature({ secret, header, body, now: timestamp + 301 })).toEqual({ ok: false, reason: 'too_old' })
    expect(verifyWebhookSignature({ secret, header, body, now: timestamp + 3600, toleranceSeconds: 7200 }).ok).toBe(true)
  })

  test('a missing or malformed header is refused as malformed', () => {
    for (const header of [undefined, null, '', 'v1=abc', `t=${timestamp}`, `t=soon,v1=${'a'.repeat(64)}`, `t=${timestamp},v1=${'a'.repeat(63)}`, `t=${timestamp}=1,v1=${'a'.repeat(64)}`]) {
      expect(verifyWebhookSignature({ secret, header, body, now: timestamp })).toEqual({ ok: false, reason: 'malformed' })
    }
  })

  test('one matching v1 among several passes (a receiver rotating its secret)', () => {
    const real = signWebhook({ secret, eventId: 'evt_42', body, timestamp })['Webhook-Signature']!.split(',')[1]
    expect(verifyWebhookSignature({ secret, header: `t=${timestamp},v1=${'0'.repeat(64)},${real}`, body, now: timestamp }).ok).toBe(true)
  })

  test('secrets are whsec_ and 32 random bytes, never twice the same', () => {
    const first = newWebhookSecret()
    expect(first).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(first.slice('whsec_'.length), 'base64url')).toHaveLength(32)
    expect(newWebhookSecret()).not.toBe(first)
  })
})
