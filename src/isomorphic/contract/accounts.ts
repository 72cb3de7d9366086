import { EMAIL_ADDRESS_PATTERN } from './plain-rules'
import { z } from './zod'

// What the account endpoints and mutations accept (decision 009): sign-up, password reset and
// change, and the one rule of what an email address is, for the forms and the server alike.

export const SIGNUP_LINK_EXPIRED = 'This link has expired or was already used. Please sign up again.'
export const RESET_LINK_EXPIRED = 'This password reset link has expired or was already used. Please ask for a new one.'

/** The longest email address (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254

/** What an email address is, everywhere (forms, sign-up, orders): the pattern the browser checks too. */
export const EmailAddressSchema = z.email({ pattern: EMAIL_ADDRESS_PATTERN, error: 'Please enter a valid email address.' })

/** A typed email field: trimmed, required, bounded, then the one rule. */
export const EmailSchema = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .min(1, 'Please enter your email address.')
  .max(EMAIL_MAX_LENGTH, 'This email address is too long.')
  .pipe(EmailAddressSchema)

/** A password field: any string (its rules are passwordProblem's); far too long is refused unread. */
export const PasswordFieldSchema = z.string({ error: 'Please enter a password.' }).max(1024, 'The password must be at most 128 characters long.')

export const RecaptchaTokenSchema = z.string().max(4096).optional()

/** POST /api/user/signup */
export const SignupSchema = z.strictObject({
  name: z
    .string({ error: 'Please enter your name.' })
    .trim()
    .min(1, 'Please enter your name.')
    .max(100, 'Your name must be at most 100 characters long.'),
  email: EmailSchema,
  password: PasswordFieldSchema,
  recaptchaToken: RecaptchaTokenSchema,
})

/** POST /api/user/signup/confirm */
export const SignupConfirmSchema = z.strictObject({
  token: z.string({ error: SIGNUP_LINK_EXPIRED }).max(200, SIGNUP_LINK_EXPIRED),
})

/** POST /api/user/password/reset */
export const PasswordResetSchema = z.strictObject({ email: EmailSchema, recaptchaToken: RecaptchaTokenSchema })

/** POST /api/user/password/create */
export const PasswordCreateSchema = z.strictObject({
  token: z.string({ error: RESET_LINK_EXPIRED }).max(200, RESET_LINK_EXPIRED),
  password: PasswordFieldSchema,
})

/** Sign-up and password reset always answer alike, whether the address is known or not. */
export type CheckEmailAnswer = { status: 'check_email'; message: string }

/** mutation updatePassword */
export const UpdatePasswordSchema = z.strictObject({
  currentPassword: z.string({ error: 'is required: your current password' }).min(1, 'is required: your current password').max(1024, 'is too long'),
  newPassword: z.string({ error: 'is required: the new password' }).max(1024, 'must be at most 128 characters long'),
})

/** POST /api/user/login */
export const LoginSchema = z.strictObject({
  login: z.string({ error: 'is required: your email address' }).trim().min(1, 'is required: your email address').max(254, 'is too long'),
  password: z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long'),
  recaptchaToken: RecaptchaTokenSchema,
})
export type LoginInput = z.input<typeof LoginSchema>

/** POST /api/user/sso/callback: the full /sso-login?code=…&state=… address the provider sent the browser back to. */
export const SsoCallbackSchema = z.strictObject({
  callbackUrl: z
    .string({ error: 'is required: the address the single sign-on provider sent you back to' })
    .min(1, 'is required: the address the single sign-on provider sent you back to')
    .max(4096, 'is too long'),
})
export type SsoCallbackInput = z.input<typeof SsoCallbackSchema>
