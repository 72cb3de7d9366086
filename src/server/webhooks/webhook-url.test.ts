import { describe, expect, test } from 'vitest'
import { DomainError } from '../kernel/errors'
import { checkWebhookUrl } from './webhook-url'

// A webhook receiver is held to the outbound policy (adapters/outbound.ts, whose own tests go
// through every spelling); here, what a store manager reads about a receiver.

function refusalOf(url: string, allowPrivate = false): string {
  try {
    checkWebhookUrl(url, { allowPrivate })
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError)
    expect((error as DomainError).code).toBe('invalid')
    return (error as DomainError).userMessage
  }
  throw new Error(`${url} was accepted`)
}

describe('the receiver URL of a webhook endpoint', () => {
  test('https is accepted and kept as a normalised URL', () => {
    expect(checkWebhookUrl('  https://hooks.example.com/store?key=a  ', { allowPrivate: false })).toBe('https://hooks.example.com/store?key=a')
    expect(checkWebhookUrl('https://Hooks.Example.com:8443', { allowPrivate: false })).toBe('https://hooks.example.com:8443/')
  })

  test('each refusal names the receiver and what to change', () => {
    expect(refusalOf('http://hooks.example.com/')).toBe('The address of the webhook receiver must start with https://.')
    expect(refusalOf('https://user:pass@hooks.example.com/')).toBe('The address of the webhook receiver must not contain a user name or password; enter credentials in their own fields.')
    expect(refusalOf('https://hooks.example.com/#x')).toBe('The address of the webhook receiver must not contain a # fragment.')
    expect(refusalOf('hooks.example.com/path')).toBe('Enter the full address of the webhook receiver, such as https://example.com/webhooks.')
    for (const url of ['https://127.0.0.1/', 'https://LOCALHOST./', 'https://169.254.169.254/latest/meta-data', 'https://[::ffff:7f00:1]/', 'https://metadata.google.internal/']) {
      expect(refusalOf(url), url).toBe('The address of the webhook receiver must be on the public internet: addresses of this server, its networks and cloud metadata services are refused.')
    }
  })

  test('a local receiver over plain http only with ALLOW_PRIVATE_OUTBOUND', () => {
    expect(refusalOf('http://127.0.0.1:4010/hooks')).toBe('The address of the webhook receiver must start with https://.')
    expect(checkWebhookUrl('http://127.0.0.1:4010/hooks', { allowPrivate: true })).toBe('http://127.0.0.1:4010/hooks')
    expect(checkWebhookUrl('http://localhost:3000/', { allowPrivate: true })).toBe('http://localhost:3000/')
  })
})
