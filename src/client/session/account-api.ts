import type { CheckEmailAnswer as CheckEmailData, LoginInput, SsoCallbackInput } from '@/isomorphic/contract/accounts'
import type { MutationInputs } from '@/isomorphic/contract/mutations'
import type { ApiClient } from '../api-client'
import type { AddressType, PartnerAddress } from '../stores/address-store'
import type { Partner } from '../stores/user-store'

// The account calls of decision 009, typed once. Every call is a POST (none is retried, spec 7);
// the session travels in an HttpOnly cookie, so no call carries a token.

/** An answer that signs in: the JWT whose `exp` the watcher needs (the cookie carries the session). */
export type TokenAnswer = { data?: { access_token?: string | null; returnTo?: string | null } | null }

/** Sign-up and password reset always answer alike, whether the address is known or not. */
export type CheckEmailAnswer = { data: CheckEmailData }

/** The fields an address is saved with (addAddress); `id` updates an existing one. */
export type AddressInput = MutationInputs['addAddress']['address']

type Api = Pick<ApiClient, 'request' | 'mutation'>

export function createAccountApi(api: Api) {
  const post = <T>(path: string, body: Record<string, unknown> = {}) => api.request<T>(path, { method: 'POST', body })
  const query = <T>(key: string, value?: unknown) => post<T>('/api/query', value === undefined ? { key } : { key, value })

  return {
    login: (input: LoginInput) => post<TokenAnswer>('/api/user/login', input),
    // The refresh and logout endpoints take no fields; an empty JSON object keeps them JSON requests.
    refresh: () => post<TokenAnswer>('/api/user/refresh'),
    logoutLocally: () => post<{ data: { success: boolean } }>('/api/user/logout'),
    signup: (input: { name: string; email: string; password: string; recaptchaToken?: string }) =>
      post<CheckEmailAnswer>('/api/user/signup', input),
    confirmSignup: (token: string) => post<TokenAnswer>('/api/user/signup/confirm', { token }),
    resetPassword: (input: { email: string; recaptchaToken?: string }) => post<CheckEmailAnswer>('/api/user/password/reset', input),
    createPassword: (input: { token: string; password: string }) =>
      post<{ data: { success: boolean } }>('/api/user/password/create', input),
    ssoCallback: (callbackUrl: string) => post<TokenAnswer & { data?: { test?: boolean } | null }>('/api/user/sso/callback', { callbackUrl } satisfies SsoCallbackInput),

    getPartner: () => query<{ partner: Partner }>('getPartner'),
    getAddresses: (addressType: AddressType, partnerUid: string) =>
      query<{ addresses: PartnerAddress[] }>('getAddresses', { filter: { addressType, partnerUid } }),

    logout: () => api.mutation('logout'),
    addAddress: (address: AddressInput, type: AddressType, partnerUid: string) => api.mutation('addAddress', { address, type, partnerUid }),
    deleteAddress: (id: number, partnerUid: string) => api.mutation('deleteAddress', { id, partnerUid }),
    updatePassword: (input: MutationInputs['updatePassword']) => api.mutation('updatePassword', input),
  }
}

export type AccountApi = ReturnType<typeof createAccountApi>

/** The path of the SSO start endpoint, which answers with a redirect to the provider. */
export function ssoStartPath(returnTo: string): string {
  return `/api/user/sso/start?returnTo=${encodeURIComponent(returnTo)}`
}
