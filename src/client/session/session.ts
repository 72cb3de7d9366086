import { apiClient } from '../api-client'
import { navigateTo } from '../navigation'
import { notify } from '../notify'
import { useAppStore } from '../stores/app-store'
import { createAccountApi } from './account-api'
import { createAuthActions } from './auth-actions'
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
