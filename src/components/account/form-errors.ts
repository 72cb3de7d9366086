import { ApiError } from '@/client/api-client'
import { RecaptchaError } from '@/client/recaptcha'

/** What a form shows when a call fails: the server's (or reCAPTCHA's) own message, or the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.statusMessage) return error.statusMessage
  if (error instanceof RecaptchaError) return error.message
  return fallback
}
