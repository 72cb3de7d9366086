import { expect, test } from 'vitest'
import { POST } from './route'

const post = (body: string, contentType = 'application/json') =>
  POST(new Request('http://store.test/api/mutation', { method: 'POST', headers: { 'content-type': contentType }, body }))

test('answers an unknown mutation key with 400 and its name', async () => {
  const response = await post(JSON.stringify({ key: 'x', value: 1 }))
  expect(response.status).toBe(400)
  expect(await response.json()).toEqual({
    error: { code: 'invalid', message: "Unknown mutation key 'x'." },
    statusCode: 400,
    statusMessage: "Unknown mutation key 'x'.",
  })
})

test('answers a body without a key with 400', async () => {
  const response = await post(JSON.stringify({ address: {} }))
  expect(response.status).toBe(400)
  expect(((await response.json()) as { statusMessage: string }).statusMessage).toContain("key is required: the mutation's name")
})

test('refuses prototype keys and non-JSON bodies', async () => {
  expect((await post(JSON.stringify({ key: 'constructor' }))).status).toBe(400)
  expect((await post('key=logout', 'application/x-www-form-urlencoded')).status).toBe(415)
})
