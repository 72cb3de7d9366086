import { apiClient } from '../api-client'
import { navigateTo } from '../navigation'
import { notify } from '../notify'
import { useAppStore } from '../stores/app-store'
import { useUserStore } from '../stores/user-store'
import { createAccountApi } from './account-api'
import { createAuthActions } from './auth-actions'
import { PARTNER_CHANNEL, type PartnerFreshness, watchPartnerFreshness } from './partner-freshness'
import { clearBrowserState } from './browser-reset'
import { createSessionWatcher } from './session-schedule'
import { forgetSessionHint } from './session-restore-store'

// The browser's one session: its account calls, its expiry watcher and its actions.

export const accountApi = createAccountApi(apiClient)

export const sessionWatcher = createSessionWatcher({
  onWarn: () => useAppStore.setState({ showExpiryPopup: true }),
  onExpire: () => void auth.expireSession(),
})

export const auth = createAuthActions({
  account: accountApi,
  watcher: sessionWatcher,
  navigate: (path) => void navigateTo(path),
  notifyError: notify.error,
  clearBrowser: clearBrowserState,
  forgetHint: () => forgetSessionHint(document, { secure: window.location.protocol === 'https:' }),
})

let partnerFreshness: PartnerFreshness | null = null

/** Starts reading the partner fresh on focus and on other tabs' order changes (partner-freshness.ts); returns its stop. */
export function startPartnerFreshness(): () => void {
  partnerFreshness?.stop()
  const freshness = watchPartnerFreshness({
    win: window,
    channel: typeof BroadcastChannel === 'function' ? new BroadcastChannel(PARTNER_CHANNEL) : null,
    signedIn: () => useUserStore.getState().isAuthenticated,
    reload: () => auth.loadPartner(),
  })
  partnerFreshness = freshness
  return () => {
    freshness.stop()
    if (partnerFreshness === freshness) partnerFreshness = null
  }
}

/** This tab changed the partner's orders (and has read the partner again): the other tabs read it too. */
export function announcePartnerChanged(): void {
  partnerFreshness?.announce()
}
