import { describe, expect, test } from 'vitest'
import { hashPassword, passwordProblem, verifyPassword } from './passwords'

describe('new passwords', () => {
  test('are accepted from 8 to 128 characters of any kind, with no composition rules', () => {
    expect(passwordProblem('plain lowercase words')).toBeNull()
    expect(passwordProblem('çàé🙂 ünïcode')).toBeNull()
    expect(passwordProblem('x'.repeat(127) + 'y')).toBeNull()
  })

  test('are refused when too short or too long, counting characters rather than bytes', () => {
    expect(passwordProblem('short1!')).toBe('The password must be at least 8 characters long.')
    expect(passwordProblem('🙂🙂🙂🙂🙂🙂🙂')).toBe('The password must be at least 8 characters long.')
    expect(passwordProblem('x'.repeat(129))).toBe('The password must be at most 128 characters long.')
  })

  test('are refused when they are among the first an attacker tries', () => {
    expect(passwordProblem('Password123')).toBe('This password is too common. Please choose another one.')
    expect(passwordProblem('qwertyuiop')).toBe('This password is too common. Please choose another one.')
    expect(passwordProblem('aaaaaaaaaaaa')).toBe('This password is too easy to guess. Please choose another one.')
  })
})

describe('password hashes', () => {
  test('are argon2id and verify only the password they were made from', async () => {
    const hash = await hashPassword('correct horse battery staple')
    expect(hash).toMatch(/^\$argon2id\$/)
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true)
    expect(await verifyPassword(hash, 'Correct horse battery staple')).toBe(false)
  })

  test('a missing or damaged hash never verifies', async () => {
    expect(await verifyPassword(null, 'anything at all')).toBe(false)
    expect(await verifyPassword('not-a-hash', 'anything at all')).toBe(false)
  })
})
