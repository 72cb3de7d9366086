// How the console's pages read (issue 15, decision 021): a server component asks
// adminPageQuery(key, value), which runs the admin registry in-process with the request's context
// (the admin cookie's member) — the same keys, checks and answers as POST /api/admin/query. The ONE
// way console pages read; their writes go through the browser's adminMutation (src/client/admin).
import { cookies, headers } from 'next/headers'
import { notFound, redirect } from 'next/navigation'
import { cache } from 'react'
import type { AdminQueryKey, AdminQueryResponses, AdminQueryValues } from '@/isomorphic/contract/admin'
import { executeAdminQuery } from '@/server/api/admin-registry'
import type { CoreContext } from '@/server/kernel/context'
import { DomainError } from '@/server/kernel/errors'
import { ENROL_SECOND_FACTOR_FIRST } from '@/server/staff/enrolment-gate'
import { ADMIN_COOKIE } from './admin-cookie'
import { adminContextFromHeaders } from './admin-context'

/** The core's context of the page request being rendered (one per request: its actor is resolved once). */
export const adminPageContext = cache(async (): Promise<CoreContext> => {
  const [requestHeaders] = await Promise.all([headers(), cookies()])
  return adminContextFromHeaders(requestHeaders)
})

/** Where a page that cannot be shown sends its visitor. */
export const CONSOLE_LOGIN = '/admin/login'
export const CONSOLE_NOT_ALLOWED = '/admin/not-allowed'
export const CONSOLE_SECURITY = '/admin/security'

/**
 * A console read for a page: the key's answer, or the page is left — to the sign-in (no live
 * session), to the security page (an owner still to turn on two-factor), to "not allowed" (the
 * role lacks the permission), or to the not-found page. Other errors are thrown as they are.
 */
export async function adminPageQuery<K extends AdminQueryKey>(key: K, value: AdminQueryValues[K]): Promise<AdminQueryResponses[K]> {
  try {
    return (await executeAdminQuery(key, value, await adminPageContext())) as AdminQueryResponses[K]
  } catch (error) {
    return leavePage(error)
  }
}

function leavePage(error: unknown): never {
  if (!(error instanceof DomainError)) throw error
  if (error.code === 'unauthorized') redirect(CONSOLE_LOGIN)
  if (error.code === 'forbidden') redirect(error.userMessage === ENROL_SECOND_FACTOR_FIRST ? CONSOLE_SECURITY : CONSOLE_NOT_ALLOWED)
  if (error.code === 'not_found') notFound()
  throw error
}

/**
 * adminPageQuery, except that a refused value (`invalid`: a stale page link, a hand-edited filter)
 * comes back as its sentence for the page to show instead of an error page.
 */
export async function adminPageQueryOrRefusal<K extends AdminQueryKey>(key: K, value: AdminQueryValues[K]): Promise<{ data: AdminQueryResponses[K]; refusal: null } | { data: null; refusal: string }> {
  try {
    return { data: (await executeAdminQuery(key, value, await adminPageContext())) as AdminQueryResponses[K], refusal: null }
  } catch (error) {
    if (error instanceof DomainError && error.code === 'invalid') return { data: null, refusal: error.userMessage }
    return leavePage(error)
  }
}

export type PageRead<T> = { ok: true; data: T } | { ok: false; code: string; message: string }

/**
 * A console read whose refusal the page shows itself (an invitation link that is used or expired):
 * the answer, or the refusal's code and sentence. Unexpected errors are thrown.
 */
export async function adminPageAttempt<K extends AdminQueryKey>(key: K, value: AdminQueryValues[K]): Promise<PageRead<AdminQueryResponses[K]>> {
  try {
    return { ok: true, data: (await executeAdminQuery(key, value, await adminPageContext())) as AdminQueryResponses[K] }
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, code: error.code, message: error.userMessage }
    throw error
  }
}

/** Whether the request carries an admin cookie at all (the sign-in page skips itself when signed in). */
export async function hasAdminCookie(): Promise<boolean> {
  const jar = await cookies()
  return jar.has(ADMIN_COOKIE) || jar.has(`__Secure-${ADMIN_COOKIE}`)
}
