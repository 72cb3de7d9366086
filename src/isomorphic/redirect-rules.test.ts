import { describe, expect, test } from 'vitest'
import { type RedirectRule, redirectFromPath, redirectTable, redirectTarget, resolveRedirect, ruleSetProblems } from './redirect-rules'

const rule = (fromPath: string, target: string, status: RedirectRule['status'] = 301): RedirectRule => ({ fromPath, target, status })
const messages = (rules: RedirectRule[]) => ruleSetProblems(rules).map(({ problem }) => problem.message)

describe('redirect rules', () => {
  test('a rule starts from a page path, kept as requests are matched: decoded, without the locale or a trailing slash', () => {
    expect(redirectFromPath('/old-tees/')).toEqual({ path: '/old-tees' })
    expect(redirectFromPath('/en/old%20tees')).toMatchObject({ problem: expect.stringMatching(/characters/) })
    expect(redirectFromPath('/en/caps')).toEqual({ path: '/caps' })
    expect(redirectFromPath('old-tees')).toMatchObject({ problem: expect.stringMatching(/start with a single \//) })
    expect(redirectFromPath('/old?x=1')).toMatchObject({ problem: expect.stringMatching(/query/) })
  })

  test.each(['/admin', '/admin/orders', '/ADMIN/x', '/api/cart', '/_next/static/x.js', '/en/admin'])('a rule never starts from the reserved path %s', (path) => {
    expect(redirectFromPath(path)).toEqual({ problem: 'Paths under /admin, /api and /_next cannot be redirected.' })
  })

  test.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'ftp://files.example/', 'mailto:a@b.example', 'file:///etc/passwd'])(
    'a rule never goes to %s',
    (target) => {
      expect(redirectTarget(target)).toMatchObject({ problem: expect.stringMatching(/only go to a path of this store or an http\(s\) address/) })
    },
  )

  test.each(['//evil.example/x', '/\\evil.example', '/%2Fevil.example', 'java\tscript:alert(1)', 'https:evil.example', 'https://user:pw@host.example/', 'shop', ''])('the target %j is refused', (target) => {
    expect(redirectTarget(target)).toHaveProperty('problem')
  })

  test('targets are paths of the store or absolute http(s) addresses', () => {
    expect(redirectTarget('/shop?sort=new')).toEqual({ kind: 'path', path: '/shop', location: '/shop?sort=new' })
    expect(redirectTarget('https://brand.example/store')).toEqual({ kind: 'absolute', url: 'https://brand.example/store' })
    expect(redirectTarget('HTTP://Brand.example')).toEqual({ kind: 'absolute', url: 'http://brand.example/' })
  })

  test('a rule that loops is refused with the loop spelled out', () => {
    expect(messages([rule('/a', '/a')])).toEqual(['This redirect would loop: /a → /a.'])
    expect(messages([rule('/a', '/b'), rule('/b', '/a/')])).toEqual(['This redirect would loop: /a → /b → /a.', 'This redirect would loop: /b → /a → /b.'])
    expect(messages([rule('/a', '/a?again=1')])).toEqual(['This redirect would loop: /a → /a.'])
  })

  test('a chain longer than three redirects is refused, three are fine', () => {
    expect(messages([rule('/a', '/b'), rule('/b', '/c'), rule('/c', '/d')])).toEqual([])
    expect(messages([rule('/a', '/b'), rule('/b', '/c'), rule('/c', '/d'), rule('/d', '/e')])[0]).toMatch(/chain of more than 3 redirects \(\/a → \/b → \/c → \/d → …\)/)
  })

  test('two rules from one path are refused', () => {
    expect(messages([rule('/a', '/b'), rule('/a/', '/c')])).toEqual(['There is already a redirect from /a.'])
  })

  test('a request matches its path whatever the locale prefix and trailing slash, and keeps its query', () => {
    const table = redirectTable([rule('/old-tees', '/shop'), rule('/sale', '/shop?tag=sale#top', 302), rule('/brand', 'https://brand.example/x')])
    expect(resolveRedirect(table, '/old-tees', '')).toEqual({ location: '/shop', status: 301, absolute: false })
    expect(resolveRedirect(table, '/en/old-tees/', '?utm_source=mail&a=1')).toEqual({ location: '/shop?utm_source=mail&a=1', status: 301, absolute: false })
    expect(resolveRedirect(table, '/sale', '?page=2')).toEqual({ location: '/shop?tag=sale&page=2#top', status: 302, absolute: false })
    expect(resolveRedirect(table, '/brand', '?q=1')).toEqual({ location: 'https://brand.example/x?q=1', status: 301, absolute: true })
    expect(resolveRedirect(table, '/old-tees-2', '')).toBeNull()
    expect(resolveRedirect(table, '/%E0%A4%A', '')).toBeNull()
  })

  test('a chain is followed to its end in one answer; a loop that got in anyway redirects nowhere', () => {
    expect(resolveRedirect(redirectTable([rule('/a', '/b', 308), rule('/b', '/c', 302)]), '/a', '')).toEqual({ location: '/c', status: 308, absolute: false })
    const looping = redirectTable([rule('/a', '/b'), rule('/b', '/a')])
    expect(resolveRedirect(looping, '/a', '')).toBeNull()
    const long = redirectTable([rule('/a', '/b'), rule('/b', '/c'), rule('/c', '/d'), rule('/d', '/e'), rule('/e', '/f')])
    expect(resolveRedirect(long, '/a', '')).toBeNull()
  })

  test('a stored rule for a reserved path or a script target is never applied', () => {
    const table = redirectTable([rule('/admin', '/shop'), rule('/x', 'javascript:alert(1)')])
    expect(table.size).toBe(0)
  })

  test('a location is ASCII only', () => {
    expect(resolveRedirect(redirectTable([rule('/old', '/café')]), '/old', '')).toEqual({ location: '/caf%C3%A9', status: 301, absolute: false })
  })
})
