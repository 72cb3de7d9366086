import type { AdminMutationKey, AdminMutationResponses, AdminMutationValues, AdminQueryKey, AdminQueryResponses, AdminQueryValues } from '@/isomorphic/contract/admin'
import type { StaffSignInResponse } from '@/isomorphic/contract/admin-session'
import type { ApiErrorBody } from '@/isomorphic/contract/queries'

// The browser's side of the console's API (issue 15, decision 021): POST /api/admin/query and
// /api/admin/mutation with {key, value}, typed by key from the contract. The admin cookie goes
// along by itself (same origin, its path); a refusal becomes an AdminApiError carrying the server's
// sentence, which the page shows as it is. Writes are never retried.

export class AdminApiError extends Error {
  override readonly name = 'AdminApiError'
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    readonly issues: { path: string; message: string }[] = [],
    /** What the server gave to recover with: a stale edit's 409 carries its `EditConflictData`. */
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message)
  }
}

const FALLBACK = 'Something went wrong. Please try again!'

async function post<T>(path: string, body: unknown): Promise<T> {
  let response: Response
  try {
    response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body ?? {}), credentials: 'same-origin' })
  } catch {
    throw new AdminApiError('The server could not be reached. Check your connection and try again.', 0, null)
  }
  const payload = (await response.json().catch(() => null)) as ({ data?: T } & Partial<ApiErrorBody>) | null
  if (!response.ok) {
    const message = payload?.error?.message || payload?.statusMessage || FALLBACK
    throw new AdminApiError(message, response.status, payload?.error?.code ?? null, payload?.error?.issues ?? [], payload?.data ?? null)
  }
  return payload?.data as T
}

export function adminQuery<K extends AdminQueryKey>(key: K, value: AdminQueryValues[K]): Promise<AdminQueryResponses[K]> {
  return post('/api/admin/query', { key, value })
}

export function adminMutation<K extends AdminMutationKey>(key: K, value: AdminMutationValues[K]): Promise<AdminMutationResponses[K]> {
  return post('/api/admin/mutation', { key, value })
}

/** The roster import (issue 16) through its own route, whose body may hold a roster of up to 2 MB. */
export function adminRosterImport(value: AdminMutationValues['customers.rosterImport']): Promise<AdminMutationResponses['customers.rosterImport']> {
  return post('/api/admin/roster-import', value)
}

export const adminSignIn = (email: string, password: string) => post<StaffSignInResponse>('/api/admin/sign-in', { email, password })
export const adminSecondFactor = (code: string) => post<StaffSignInResponse>('/api/admin/second-factor', { code })
export const adminSignOut = () => post<{ signedOut: true }>('/api/admin/sign-out', {})

/** A same-origin console path to go to after signing in, or /admin. */
export function consoleReturnPath(next: string | null | undefined): string {
  if (!next || !/^\/admin(?:[/?]|$)/.test(next) || next.includes('\\')) return '/admin'
  if (next.startsWith('/admin/login')) return '/admin'
  return next
}

/**
 * Leaves for a console page with a full load: after signing in or out, or turning on two-factor,
 * the frame (who is signed in, what the menu holds) must be rendered again from the server.
 */
export function loadConsolePage(path: string): void {
  window.location.assign(path)
}

/** Starts the single sign-on test sign-in (issue 16): where the browser goes next (the provider, or the result page). */
export const adminSsoTestStart = (websiteId: number) => post<{ location: string }>('/api/admin/sso-test', { websiteId })
