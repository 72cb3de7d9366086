import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { CLIENT_LOG_LIMITS } from '@/server/api/client-log-service'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { logger } from '@/server/kernel/logger'
import { POST } from './route'

function postLog(body: unknown, ip = '203.0.113.9') {
  return POST(
    new Request('http://store.test/api/logs', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'user-agent': 'Browser/1.0' },
      body: JSON.stringify(body),
    }),
  )
}

describe('the client log route', () => {
  beforeEach(() => {
    useRateLimiter(createMemoryRateLimiter())
  })

  afterEach(() => {
    vi.restoreAllMocks()
  })

  test('writes a structured log with source client and answers 204', async () => {
    const warn = vi.spyOn(logger(), 'warn').mockImplementation(() => undefined)
    const response = await postLog({ message: 'Failed to load delivery methods', level: 'warn' })
    expect(response.status).toBe(204)
    expect(warn).toHaveBeenCalledWith({ source: 'client', ip: '203.0.113.9', userAgent: 'Browser/1.0' }, 'Failed to load delivery methods')
  })

  test.each([
    [{ message: 'x', level: 'fatal' }, 'level'],
    [{ message: '', level: 'info' }, 'message'],
    [{ message: 'x'.repeat(2001), level: 'info' }, 'message'],
    [{ level: 'info' }, 'message'],
  ])('refuses %j with 400', async (body, field) => {
    const response = await postLog(body)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { statusMessage: string }).statusMessage).toContain(field)
  })

  test('throttles one caller after its budget with 429', async () => {
    vi.spyOn(logger(), 'info').mockImplementation(() => undefined)
    for (let i = 0; i < CLIENT_LOG_LIMITS.perCaller.max; i++) expect((await postLog({ message: `m${i}`, level: 'info' })).status).toBe(204)
    expect((await postLog({ message: 'one more', level: 'info' })).status).toBe(429)
    expect((await postLog({ message: 'someone else', level: 'info' }, '198.51.100.1')).status).toBe(204)
  })

  test('caps all callers together, so forged addresses cannot flood the log', async () => {
    const info = vi.spyOn(logger(), 'info').mockImplementation(() => undefined)
    const statuses: number[] = []
    for (let i = 0; i < CLIENT_LOG_LIMITS.overall.max + 5; i++) statuses.push((await postLog({ message: 'spam', level: 'info' }, `10.0.${i >> 8}.${i & 255}`)).status)
    expect(statuses.filter((s) => s === 429)).toHaveLength(5)
    expect(info).toHaveBeenCalledTimes(CLIENT_LOG_LIMITS.overall.max)
  })
})
