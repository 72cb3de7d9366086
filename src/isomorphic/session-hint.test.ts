import { expect, test } from 'vitest'
import { readSessionHint, SESSION_MARK_SCRIPT } from './session-hint'

const NOW = 1_800_000_000_000
const later = NOW / 1000 + 600

test('the hint gives the session expiry under either name, and nothing when absent, malformed or past', () => {
  expect(readSessionHint(`theme=dark; session_hint=${later}`, NOW)).toBe(later)
  expect(readSessionHint(`__Host-session_hint=${later}; locale=en`, NOW)).toBe(later)
  expect(readSessionHint('theme=dark', NOW)).toBeNull()
  expect(readSessionHint('', NOW)).toBeNull()
  expect(readSessionHint('session_hint=soon', NOW)).toBeNull()
  expect(readSessionHint(`session_hint=${NOW / 1000 - 1}`, NOW)).toBeNull()
  expect(readSessionHint(`xsession_hint=${later}`, NOW)).toBeNull()
})

test('the script the layout runs marks the document only for a live hint or a signed-in tab', () => {
  const run = (cookie: string, user: string | null) => {
    const marks: string[] = []
    const document = { cookie, documentElement: { setAttribute: (name: string) => marks.push(name) } }
    const sessionStorage = { getItem: () => user }
    new Function('document', 'sessionStorage', SESSION_MARK_SCRIPT)(document, sessionStorage)
    return marks
  }
  const soon = Math.floor(Date.now() / 1000) + 600
  expect(run(`session_hint=${soon}`, null)).toEqual(['data-session'])
  expect(run(`a=1; __Host-session_hint=${soon}`, null)).toEqual(['data-session'])
  expect(run('session_hint=1000', null)).toEqual([])
  expect(run('', JSON.stringify({ state: { isAuthenticated: true }, version: 1 }))).toEqual(['data-session'])
  expect(run('', JSON.stringify({ state: { isAuthenticated: false }, version: 1 }))).toEqual([])
})
