// A real OpenID Connect provider for the Vitest suites, in-process on 127.0.0.1 (a free port), and
// a minimal browser that signs in at it with fetch and a cookie jar.
import { type AccountClaims, type RunningProvider, startOidcProvider } from '../e2e/support/oidc-provider.mjs'

export type { AccountClaims, RunningProvider }

export const TEST_CLIENT = { clientId: 'webstore-test', clientSecret: 'webstore-test-secret-value' }

/**
 * Starts a provider whose one client may return to each of `redirectUris`. Logins named
 * 'id-token-<fault>.…' get a spoiled ID token (see tests/e2e/support/oidc-provider.mjs).
 */
export function startTestProvider({ redirectUris, accounts }: { redirectUris: string[]; accounts: Record<string, AccountClaims> }): Promise<RunningProvider> {
  return startOidcProvider({
    clients: [{ client_id: TEST_CLIENT.clientId, client_secret: TEST_CLIENT.clientSecret, redirect_uris: redirectUris }],
    accounts,
    spoilIdTokens: true,
  })
}

/** What a browser keeps between requests to one site: its cookies, by name. */
class CookieJar {
  private readonly cookies = new Map<string, string>()

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const separator = pair.indexOf('=')
      if (separator <= 0) continue
      const name = pair.slice(0, separator).trim()
      const value = pair.slice(separator + 1).trim()
      if (value === '' || /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/**
 * Plays the visitor at the provider: opens `authorizationUrl`, signs in as `login` on the form (or
 * presses Cancel), and follows the redirects until the provider sends the browser to
 * `redirectUri`. Returns that URL (the one the /sso-login page would hand to the store).
 */
export async function signInAtProvider(authorizationUrl: string, { login, redirectUri, cancel = false }: { login: string; redirectUri: string; cancel?: boolean }): Promise<string> {
  const jar = new CookieJar()
  let url = authorizationUrl
  let body: URLSearchParams | undefined
  for (let hop = 0; hop < 15; hop += 1) {
    if (url.startsWith(redirectUri)) return url
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    })
    jar.store(response)
    body = undefined
    const location = response.headers.get('location')
    if (location) {
      url = new URL(location, url).href
      continue
    }
    const html = await response.text()
    const form = /<form method="post" action="([^"]+)"/.exec(html)
    if (response.status !== 200 || !form) throw new Error(`the provider answered ${response.status} at ${url}: ${html.slice(0, 500)}`)
    if (cancel) {
      url = new URL(`${form[1]!}/abort`, url).href
    } else {
      url = new URL(form[1]!, url).href
      body = new URLSearchParams({ login })
    }
  }
  throw new Error('the provider never sent the browser back to the store')
}
