import { describe, expect, test } from 'vitest'
import { DomainError } from '../kernel/errors'
import {
  checkWebhookUrl,
  isPublicAddress,
  WEBHOOK_URL_HTTPS_ONLY,
  WEBHOOK_URL_NO_CREDENTIALS,
  WEBHOOK_URL_NO_FRAGMENT,
  WEBHOOK_URL_NOT_A_URL,
  WEBHOOK_URL_NOT_PUBLIC,
} from './webhook-url'

function refusalOf(url: string, production: boolean): string {
  try {
    checkWebhookUrl(url, { production })
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError)
    expect((error as DomainError).code).toBe('invalid')
    return (error as DomainError).userMessage
  }
  throw new Error(`${url} was accepted`)
}

describe('the receiver URL of a webhook endpoint', () => {
  test('https is accepted anywhere, and kept as a normalised URL', () => {
    expect(checkWebhookUrl('  https://hooks.example.com/store?key=a  ', { production: true })).toBe('https://hooks.example.com/store?key=a')
    expect(checkWebhookUrl('https://Hooks.Example.com:8443', { production: true })).toBe('https://hooks.example.com:8443/')
  })

  test('plain http only to this machine, and not in production', () => {
    for (const url of ['http://127.0.0.1:4010/hooks', 'http://localhost:3000/', 'http://[::1]:8080/x']) {
      expect(checkWebhookUrl(url, { production: false })).toBe(new URL(url).toString())
      expect(refusalOf(url, true)).toBe(WEBHOOK_URL_HTTPS_ONLY)
    }
    expect(refusalOf('http://hooks.example.com/', false)).toBe(WEBHOOK_URL_HTTPS_ONLY)
    expect(refusalOf('http://10.0.0.5/', false)).toBe(WEBHOOK_URL_HTTPS_ONLY)
  })

  test('other schemes are refused', () => {
    for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'gopher://example.com/', 'javascript:alert(1)', 'data:text/plain,x', 'ws://127.0.0.1/']) {
      expect(refusalOf(url, false)).toBe(WEBHOOK_URL_HTTPS_ONLY)
    }
  })

  test('credentials and fragments in the URL are refused', () => {
    expect(refusalOf('https://user:pass@hooks.example.com/', false)).toBe(WEBHOOK_URL_NO_CREDENTIALS)
    expect(refusalOf('https://user@hooks.example.com/', false)).toBe(WEBHOOK_URL_NO_CREDENTIALS)
    expect(refusalOf('https://hooks.example.com/#x', false)).toBe(WEBHOOK_URL_NO_FRAGMENT)
  })

  test('what is not a URL is refused with what to enter', () => {
    for (const url of ['', 'hooks.example.com/path', 'https://', '/relative']) expect(refusalOf(url, false)).toBe(WEBHOOK_URL_NOT_A_URL)
    expect(refusalOf(`https://example.com/${'a'.repeat(2000)}`, false)).toMatch(/longer than 2000/)
  })

  test('in production an https URL naming a private, loopback or link-local address is refused on save', () => {
    for (const url of ['https://127.0.0.1/', 'https://10.1.2.3/', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/', 'https://[fd00::1]/', 'https://localhost/', 'https://app.localhost/', 'https://192.168.1.10/']) {
      expect(refusalOf(url, true)).toBe(WEBHOOK_URL_NOT_PUBLIC)
    }
    expect(checkWebhookUrl('https://93.184.215.14/', { production: true })).toBe('https://93.184.215.14/')
  })
})

describe('public addresses (checked again on every send in production)', () => {
  test('private, loopback, link-local, shared, reserved and multicast ranges are not public', () => {
    for (const address of ['127.0.0.1', '127.255.0.1', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '198.18.0.1']) {
      expect(isPublicAddress(address), address).toBe(false)
    }
    for (const address of ['::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:8.8.8.8', '::ffff:7f00:1', '64:ff9b::a00:1', '2001:db8::1']) {
      expect(isPublicAddress(address), address).toBe(false)
    }
  })

  test('ordinary internet addresses are public; what is not an address is not', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111']) expect(isPublicAddress(address), address).toBe(true)
    expect(isPublicAddress('example.com')).toBe(false)
  })
})
