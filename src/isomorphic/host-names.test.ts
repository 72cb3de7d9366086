import { describe, expect, test } from 'vitest'
import { hostOfHeader, isStoreCode, normalizeHostName } from './host-names'

describe('host names of stores', () => {
  test('a Host header names its host in one spelling: lower case, without its port or trailing dot', () => {
    expect(hostOfHeader('Team.Localhost:3000')).toBe('team.localhost')
    expect(hostOfHeader('shop.example.com.')).toBe('shop.example.com')
    expect(hostOfHeader('127.0.0.1:3100')).toBe('127.0.0.1')
    expect(hostOfHeader('[::1]:3000')).toBe('[::1]')
    expect(hostOfHeader('localhost')).toBe('localhost')
  })

  test('a malformed Host header names no host', () => {
    for (const header of [null, '', ' ', 'shop.example.com:port', 'a..b', '-shop.example.com', 'shop_example.com', 'shop.example.com/x', '[::1', '[::1]x', 'a'.repeat(64) + '.com', 'évian.example']) {
      expect(hostOfHeader(header), String(header)).toBeNull()
    }
  })

  test('a host name an operator types is checked as a name only', () => {
    expect(normalizeHostName(' Club.Localhost ')).toBe('club.localhost')
    expect(normalizeHostName('https://club.example.com')).toBeNull()
    expect(normalizeHostName('club.example.com:443')).toBeNull()
    expect(normalizeHostName('club.example.com/path')).toBeNull()
  })

  test('a store code is one DNS label', () => {
    expect(isStoreCode('granite-ridge')).toBe(true)
    expect(isStoreCode('club7')).toBe(true)
    expect(isStoreCode('Club')).toBe(false)
    expect(isStoreCode('-club')).toBe(false)
    expect(isStoreCode('club.team')).toBe(false)
    expect(isStoreCode('')).toBe(false)
  })
})
