import { describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import { DomainError } from '@/server/kernel/errors'
import { dataResponse, defineRoute } from './define-route'

const crossSite = { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' }
const sameSite = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }

function post(headers: Record<string, string>, body: string) {
  return new Request('http://localhost:3000/api/thing', { method: 'POST', headers, body })
}

describe('a route made by defineRoute', () => {
  const handler = vi.fn(async ({ input }: { input: { quantity: number } }) => dataResponse(input))
  const route = defineRoute({ sameOrigin: true, input: z.object({ quantity: z.number().int() }), handler })

  test('answers with what its handler makes of the checked body', async () => {
    const answer = await route(post(sameSite, '{"quantity":2}'))
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(await answer.json()).toEqual({ data: { quantity: 2 } })
  })

  test('refuses a cross-site state change before reading the body', async () => {
    const answer = await route(post(crossSite, 'not json'))
    expect(answer.status).toBe(403)
  })

  test('refuses a body that is not JSON, or that its schema does not accept, with the one error shape', async () => {
    expect((await route(post({ 'content-type': 'text/plain' }, '{}'))).status).toBe(415)
    const refused = await route(post(sameSite, '{"quantity":"two"}'))
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ error: { code: 'invalid', issues: [{ path: 'quantity' }] }, statusCode: 400 })
  })

  test("checks the caller before the body, so a refused caller learns nothing of the body's rules", async () => {
    const guarded = defineRoute({
      sameOrigin: true,
      input: 'json',
      auth: async () => {
        throw new DomainError('unauthorized', 'Please sign in to continue.')
      },
      handler: async () => new Response(null, { status: 204 }),
    })
    const answer = await guarded(post(sameSite, 'not json'))
    expect(answer.status).toBe(401)
  })

  test("hands the route's path parameters to the handler, and answers errors the route's own way", async () => {
    const withParams = defineRoute<undefined, { id: string }>({
      sameOrigin: false,
      handler: async ({ params }) => {
        throw new DomainError('not_found', `No order ${params.id}.`)
      },
      errors: () => new Response('gone', { status: 410 }),
    })
    const answer = await withParams(new Request('http://localhost:3000/api/orders/7'), { params: Promise.resolve({ id: '7' }) })
    expect(answer.status).toBe(410)
  })
})
