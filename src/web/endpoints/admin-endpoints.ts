// The console's API (issue 15, decision 021): POST /api/admin/query and /api/admin/mutation with
// {key, value} (src/server/api/admin-registry.ts), and the sign-in steps that set and clear the
// admin cookie. Every one refuses a browser's cross-site request (the same-origin check), runs with
// the admin cookie's actor only (adminContext), and answers `no-store`.
import { z } from 'zod'
import { STAFF_SECOND_FACTOR_INPUT, STAFF_SIGN_IN_INPUT, type StaffSignInResponse } from '@/isomorphic/contract/admin-session'
import { executeAdminMutation, executeAdminQuery } from '@/server/api/admin-registry'
import { getDb } from '@/server/db/client'
import { deviceByToken } from '@/server/staff/staff-devices'
import { finishSecondFactor, signInStaff, signOutStaff, type StaffCaller, type StaffSignIn } from '@/server/staff/staff-sign-in'
import { adminDeviceCookie, adminDeviceTokenFromCookies, adminSessionCookies, adminTokenFromCookies, clearedAdminSessionCookies } from '../admin-cookie'
import { adminContext } from '../admin-context'
import { dataResponse, defineRoute } from '../define-route'
import { clientIp, isSecureRequest } from '../http'

const KeyedValue = z.strictObject({
  key: z.string({ error: "is required: the call's name, e.g. 'consoleMe'" }).min(1, 'must not be empty').max(100, 'is too long'),
  value: z.unknown().optional(),
})

export const adminQuery = defineRoute({
  sameOrigin: true,
  context: adminContext,
  input: KeyedValue,
  handler: async ({ ctx, input }) => dataResponse(await executeAdminQuery(input.key, input.value, ctx)),
})

export const adminMutation = defineRoute({
  sameOrigin: true,
  context: adminContext,
  input: KeyedValue,
  handler: async ({ ctx, input }) => dataResponse(await executeAdminMutation(input.key, input.value, ctx)),
})

function caller(request: Request): StaffCaller {
  return {
    ip: clientIp(request),
    userAgent: request.headers.get('user-agent')?.slice(0, 300) ?? null,
    deviceToken: adminDeviceTokenFromCookies(request.headers.get('cookie')),
  }
}

function signedIn(request: Request, signIn: StaffSignIn): Response {
  const response = dataResponse({ next: signIn.next } satisfies StaffSignInResponse)
  const secure = isSecureRequest(request)
  for (const cookie of adminSessionCookies(signIn.token, signIn.absoluteExpiresAt, { secure })) response.headers.append('Set-Cookie', cookie)
  if (signIn.device) response.headers.append('Set-Cookie', adminDeviceCookie(signIn.device.token, signIn.device.expiresAt, { secure }))
  return response
}

export const adminSignIn = defineRoute({
  sameOrigin: true,
  context: adminContext,
  input: STAFF_SIGN_IN_INPUT,
  handler: async ({ request, input }) => signedIn(request, await signInStaff(await getDb(), input, caller(request))),
})

export const adminSecondFactor = defineRoute({
  sameOrigin: true,
  context: adminContext,
  input: STAFF_SECOND_FACTOR_INPUT,
  handler: async ({ request, input }) => {
    const token = adminTokenFromCookies(request.headers.get('cookie'))
    return signedIn(request, await finishSecondFactor(await getDb(), token, input.code, caller(request)))
  },
})

/**
 * GET /api/known-device/{token}: the link mailed to a member whose account is held for
 * unknown browsers (src/server/staff/staff-devices.ts). A live link gives the browser the device
 * cookie and goes on to the sign-in page; a dead one goes there too, saying so. Opened from a mail,
 * so no same-origin check: it changes nothing but the opener's own cookie.
 */
export const adminKnownDevice = defineRoute<undefined, { token: string }>({
  sameOrigin: false,
  context: adminContext,
  handler: async ({ request, params }) => {
    const device = await deviceByToken(await getDb(), params.token)
    const headers = new Headers({ Location: `/admin/login?device=${device ? 'known' : 'expired'}`, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' })
    if (device) headers.append('Set-Cookie', adminDeviceCookie(params.token, device.expiresAt, { secure: isSecureRequest(request) }))
    return new Response(null, { status: 303, headers })
  },
})

export const adminSignOut = defineRoute({
  sameOrigin: true,
  context: adminContext,
  handler: async ({ request }) => {
    await signOutStaff(await getDb(), adminTokenFromCookies(request.headers.get('cookie')))
    const response = dataResponse({ signedOut: true })
    for (const cookie of clearedAdminSessionCookies()) response.headers.append('Set-Cookie', cookie)
    return response
  },
})
