import { USER_DOES_NOT_EXIST } from '@/isomorphic/account-types'
import { ApiError } from '../api-client'
import { mergeCartAtSignIn } from '../cart-sync'
import { useAddressStore } from '../stores/address-store'
import { useAppStore } from '../stores/app-store'
import { clearCart, useCartStore } from '../stores/cart-store'
import { type Partner, useUserStore } from '../stores/user-store'
import type { AccountApi } from './account-api'
import type { SessionWatcher } from './session-schedule'
import { useSessionNoticeStore } from './session-notice'
import { tokenExpiresAt } from './token-expiry'

// The session's transitions (spec 4): signing in (password, sign-up link, single sign-on), loading
// the partner, extending, logging out, and being logged out (expiry, or an account that is gone).

/** Spec 8: a logout that fails without a message from the server. */
export const LOGOUT_FAILED = 'Something went wrong'

/** A sign-in answer without a usable token (the server said yes but sent nothing to watch). */
export class MissingTokenError extends Error {
  override readonly name = 'MissingTokenError'
  constructor() {
    super('The sign-in answer carried no access token with an expiry.')
  }
}

export type AuthDependencies = {
  account: AccountApi
  watcher: SessionWatcher
  /** Goes to a same-site path (navigateTo in the browser). */
  navigate: (path: string) => void
  /** Shows an error toast. */
  notifyError: (message: string) => void
  /** Clears every readable cookie and local storage. */
  clearBrowser: () => void
  /** Expires the session hint cookie (a restore the server refused). */
  forgetHint?: () => void
}

/** The session is not (or no longer) known to the server: nothing is left to end there. */
function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === 401
}

function isUserGone(error: unknown): boolean {
  return error instanceof ApiError && (error.statusCode === 401 || error.statusMessage === USER_DOES_NOT_EXIST)
}

export function createAuthActions({ account, watcher, navigate, notifyError, clearBrowser, forgetHint = () => undefined }: AuthDependencies) {
  const setBusy = (isLoading: boolean) => useAppStore.setState({ isLoading })

  /** Spec 4's local half of logout: storage, user, address books, cart and the watcher. */
  function forgetSession(): void {
    watcher.stop()
    clearBrowser()
    useUserStore.getState().reset()
    useAddressStore.getState().forgetPartnerAddresses()
    clearCart()
    // The server cart belongs to the partner who left; the next one starts from their own.
    useCartStore.setState({ cart: null })
    useAppStore.setState({ showExpiryPopup: false, isLoading: false })
  }

  /**
   * Logged out without being asked: at expiry (the server is told, in case it still has the
   * session) or when the account is gone. The browser forgets at once and shows the notice; the
   * server calls only tidy up (the local endpoint also clears the HttpOnly session cookie).
   */
  async function endSession({ tellServer }: { tellServer: boolean }): Promise<void> {
    forgetSession()
    useSessionNoticeStore.getState().showSessionEnded()
    navigate('/')
    if (tellServer) await account.logout().catch(() => undefined)
    await account.logoutLocally().catch(() => undefined)
  }

  // Reads of the partner overlap (the account area reads it as it opens, the tab reads it again when
  // shown or told of an order made in another tab, the checkout after its order), and their answers
  // may arrive in any order: each read is numbered as it starts, and an answer is kept only when no
  // later read's answer has been kept already — else an answer sent before an order was placed,
  // arriving after one sent since, would put the allowance back to what it was before the order.
  let readsStarted = 0
  let newestKept = 0

  /**
   * Loads the signed-in partner (getPartner) into the user store and the address books. An answer
   * of 'User does not exist.' logs out; other failures are logged and leave the user as they were.
   * Read again unchanged (a tab shown again, issue 24), nothing is replaced, so nothing redraws: an
   * open menu stays open. An answer older than one the tab already holds is dropped: the tab keeps
   * the newer partner (and that is what this answers).
   */
  async function loadPartner(): Promise<Partner | null> {
    const read = ++readsStarted
    try {
      const { partner } = await account.getPartner()
      if (read < newestKept) return useUserStore.getState().user
      newestKept = read
      const current = useUserStore.getState().user
      if (current !== null && JSON.stringify(current) === JSON.stringify(partner)) return current
      useUserStore.setState({ user: partner })
      useAddressStore.getState().setAddresses('Billing', partner.billingAddress ?? [])
      useAddressStore.getState().setAddresses('Shipping', partner.shippingAddress ?? [])
      return partner
    } catch (error) {
      if (isUserGone(error)) {
        await endSession({ tellServer: false })
        return null
      }
      console.error('Could not load the signed-in customer:', error)
      return null
    }
  }

  /**
   * Spec 4, logged out → authenticated: keeps the token's expiry (never the token), starts the
   * watcher and loads the partner. Throws MissingTokenError when the answer has no usable token.
   */
  async function acceptToken(token: string | null | undefined): Promise<Partner | null> {
    const expiresAt = tokenExpiresAt(token)
    if (expiresAt === null) throw new MissingTokenError()
    markSignedIn(expiresAt)
    const partner = await loadPartner()
    // The anonymous cart joins the partner's saved one (in the browser only; never blocks sign-in).
    if (partner) void mergeCartAtSignIn(partner.id)
    return partner
  }

  function markSignedIn(expiresAt: number): void {
    useUserStore.setState({ isAuthenticated: true, tokenExpiresAt: expiresAt })
    useSessionNoticeStore.getState().dismiss()
    useAppStore.setState({ showExpiryPopup: false })
    watcher.start(expiresAt)
  }

  /**
   * A tab that starts without the user state (a new tab, a link opened in a new window) while the
   * browser holds a live session (the hint cookie's expiry, `hintExpiresAt`): the partner is asked
   * for with the session cookie (getPartner), and on success the tab is signed in as at sign-in —
   * user, address books, watcher, and the saved cart. A session the server no longer knows (401)
   * leaves a guest quietly (no 'session ended' notice: this tab never showed it signed in) and
   * forgets the stale hint; any other failure leaves a guest too, and the next tab tries again.
   */
  async function restoreFromServer(hintExpiresAt: number): Promise<Partner | null> {
    let partner: Partner
    try {
      partner = (await account.getPartner()).partner
    } catch (error) {
      if (isUserGone(error)) forgetHint()
      else console.error('Could not restore the session:', error)
      return null
    }
    // Signed in meanwhile (another path of this tab): that sign-in stands.
    if (useUserStore.getState().isAuthenticated) return useUserStore.getState().user
    markSignedIn(hintExpiresAt)
    useUserStore.setState({ user: partner })
    useAddressStore.getState().setAddresses('Billing', partner.billingAddress ?? [])
    useAddressStore.getState().setAddresses('Shipping', partner.shippingAddress ?? [])
    void mergeCartAtSignIn(partner.id)
    return partner
  }

  return {
    loadPartner,
    acceptToken,

    /** Email and password. Throws the server's ApiError (401 wrong credentials, 429 throttled). */
    async signIn(input: { login: string; password: string; recaptchaToken?: string }): Promise<Partner | null> {
      const answer = await account.login(input)
      return acceptToken(answer.data?.access_token)
    },

    /** The link in the sign-up mail. Throws the server's ApiError (400 for an expired or used link). */
    async confirmSignup(token: string): Promise<Partner | null> {
      const answer = await account.confirmSignup(token)
      return acceptToken(answer.data?.access_token)
    },

    /**
     * The provider sent the browser back; returns where the sign-in began (unchecked). A console
     * member's test sign-in signs nobody in: `test`, and returnTo is the console's result page.
     */
    async completeSso(callbackUrl: string): Promise<{ returnTo: string | null; test?: true }> {
      const answer = await account.ssoCallback(callbackUrl)
      if (answer.data?.test === true) return { returnTo: answer.data.returnTo ?? null, test: true }
      await acceptToken(answer.data?.access_token)
      return { returnTo: answer.data?.returnTo ?? null }
    },

    /** On app load: a session kept in storage is watched again. */
    resumeSession(): void {
      const { isAuthenticated, tokenExpiresAt: expiresAt } = useUserStore.getState()
      if (isAuthenticated && expiresAt !== null) watcher.start(expiresAt)
    },

    /**
     * On app load (issue 17): a session kept in this tab's storage is watched again (from the hint's
     * expiry when another tab has extended it since); without one, a live hint restores the session
     * from the server. Without a hint nothing is asked: a guest's tab makes no request.
     */
    async startSession(hintExpiresAt: number | null): Promise<Partner | null> {
      const { isAuthenticated, tokenExpiresAt: expiresAt, user } = useUserStore.getState()
      if (isAuthenticated) {
        const latest = hintExpiresAt !== null && (expiresAt === null || hintExpiresAt > expiresAt) ? hintExpiresAt : expiresAt
        if (latest !== expiresAt) useUserStore.setState({ tokenExpiresAt: latest })
        if (latest !== null) watcher.start(latest)
        return user
      }
      if (hintExpiresAt === null) return null
      return restoreFromServer(hintExpiresAt)
    },

    /**
     * Spec 4, extend: a new token restarts the watcher from its expiry and hides the popup. When the
     * refresh fails or brings no token, the watcher stops and loading clears, silently.
     */
    async extendSession(): Promise<boolean> {
      setBusy(true)
      let expiresAt: number | null
      try {
        expiresAt = tokenExpiresAt((await account.refresh()).data?.access_token)
      } catch {
        expiresAt = null
      }
      if (expiresAt === null) {
        watcher.stop()
        setBusy(false)
        return false
      }
      useUserStore.setState({ tokenExpiresAt: expiresAt })
      // Hidden before the restart: a session at its absolute end warns again at once.
      useAppStore.setState({ showExpiryPopup: false, isLoading: false })
      watcher.start(expiresAt)
      return true
    },

    /**
     * Spec 4, logout: the logout mutation, then the local logout endpoint, then the browser forgets
     * and goes to '/'. On failure loading clears, the user stays signed in and an error toast says
     * why. A 401 means the server has no session left to end, so the browser forgets it too.
     */
    async logout(): Promise<boolean> {
      setBusy(true)
      try {
        await account.logout()
      } catch (error) {
        if (!isUnauthorized(error)) {
          setBusy(false)
          notifyError((error instanceof ApiError && error.statusMessage) || LOGOUT_FAILED)
          return false
        }
      }
      // The session is already revoked; a failure here leaves only a dead cookie behind.
      await account.logoutLocally().catch(() => undefined)
      forgetSession()
      navigate('/')
      return true
    },

    /** The watcher's end: the session has expired. */
    expireSession(): Promise<void> {
      return endSession({ tellServer: true })
    },
  }
}

export type AuthActions = ReturnType<typeof createAuthActions>
