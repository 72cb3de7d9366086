// The account shapes the API answers with (decision 009). Shared by the server and the browser.

import type { AccountAddress } from './contract/address'

export type AccountPartner = {
  id: number
  uid: string
  name: string
  email: string
  phone: string | null
  /** The company-store allowance left to spend, in dollars; null when the store sets none. */
  budgetAmount: number | null
  /** The day the allowance next renews (YYYY-MM-DD, UTC), from the member's group's program; null when it does not renew (issue 16). */
  budgetRenewsAt?: string | null
  /** May approve the store's orders that wait for approval (me/approvals). */
  canApproveOrders: boolean
  /** The customer group they belong to, if any: the checkout asks the group's order fields (issue 27). */
  groupId?: number | null
  /** The resale certificate on file, when one is valid: only then may an order be tax-free for resale. */
  resaleCertificate: { last4: string; expiresAt: string | null } | null
  billingAddress: AccountAddress[]
  shippingAddress: AccountAddress[]
}

/** POST /api/user/login, /refresh, /signup/confirm, /sso/callback */
export type AccessTokenResponse = { data: { access_token: string; returnTo?: string } }

export const LOGIN_FAILED = 'Wrong email or password or you do not have access to the site'
export const USER_DOES_NOT_EXIST = 'User does not exist.'
export const SESSION_ENDED =
  'Your session has ended due to inactivity or a system update. Please log in again to continue.'
export const TOO_MANY_SIGN_IN_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.'
export const SIGN_IN_REQUIRED = 'Please sign in to continue.'
