import { z } from './zod'

// The console's own calls about who is signed in and their sign-in (issue 15, decision 021).

export type ConsoleRole = 'owner' | 'store_manager' | 'fulfilment' | 'decoration_partner'

export type ConsoleMe = {
  kind: 'staff' | 'decorationPartner'
  staffId: number
  name: string
  email: string
  role: ConsoleRole
  /** The stores the member acts on; null for an owner (all of them). */
  storeIds: number[] | null
  decorationPartnerId: number | null
  /** Whether the member's second factor (TOTP) is on. */
  secondFactor: boolean
  /** An owner without a second factor may do nothing but turn it on. */
  mustEnrolSecondFactor: boolean
  /** Receives the new-order notice of their stores. */
  notifyNewOrders: boolean
}

export type TotpEnrolment = {
  /** Base32, for typing into an authenticator app. */
  secret: string
  /** otpauth://totp/… for scanning. */
  uri: string
  /** The same address as a QR code (an SVG document), or null when it could not be drawn. */
  qrSvg: string | null
}

export const PASSWORD_INPUT = z.string().min(1, 'Enter the password.').max(200, 'The password must be at most 128 characters long.')
export const SECOND_FACTOR_CODE = z.string().trim().min(6, 'Enter the 6-digit code or a recovery code.').max(40, 'That code is too long.')

// POST /api/admin/sign-in, /api/admin/second-factor, /api/admin/sign-out (not registry keys: they
// set and clear the admin cookie).
export const STAFF_SIGN_IN_INPUT = z.strictObject({
  email: z.string().trim().min(3, 'Enter your email address.').max(320, 'That email address is too long.'),
  password: PASSWORD_INPUT,
})
export const STAFF_SECOND_FACTOR_INPUT = z.strictObject({ code: SECOND_FACTOR_CODE })
export type StaffSignInResponse = { next: 'second_factor' | 'enrol' | 'done' }

export const SESSION_ADMIN_QUERY_INPUTS = {
  consoleMe: z.strictObject({}),
} satisfies Record<string, z.ZodType>

export type SessionAdminQueryResponses = {
  consoleMe: ConsoleMe
}

export const SESSION_ADMIN_MUTATION_INPUTS = {
  /** Starts (or restarts, while not yet confirmed) turning on TOTP: a new secret to scan. */
  startTotpEnrolment: z.strictObject({}),
  /** Confirms the secret with a code from the app; answers the ten recovery codes, shown once. */
  confirmTotpEnrolment: z.strictObject({ code: SECOND_FACTOR_CODE }),
  /** Changes the member's own password; every other session of theirs ends. */
  changeOwnPassword: z.strictObject({ currentPassword: PASSWORD_INPUT, newPassword: PASSWORD_INPUT }),
  /** Whether the member receives the new-order notice of their stores. */
  setOwnNotifications: z.strictObject({ notifyNewOrders: z.boolean() }),
} satisfies Record<string, z.ZodType>

export type SessionAdminMutationResponses = {
  startTotpEnrolment: TotpEnrolment
  confirmTotpEnrolment: { recoveryCodes: string[] }
  changeOwnPassword: { otherSessionsEnded: number }
  setOwnNotifications: { notifyNewOrders: boolean }
}
