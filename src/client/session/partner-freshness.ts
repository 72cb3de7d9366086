// Balances the shopper sees are read fresh (issue 24): the signed-in partner — allowance left, its
// renewal, the resale certificate — lives in each tab's session storage (spec 9), so a tab kept open
// would show what it read when it opened. After an order change the partner is read again:
// - in the tab that made it (placing an order reloads it), which then tells the browser's other tabs
//   on a BroadcastChannel, and each of them reads it too;
// - after a change made elsewhere (the store cancels or refunds an order in the console, an approver
//   decides), when the tab is shown or focused again, at most once every few seconds.

export const PARTNER_CHANNEL = 'webstore-partner'
export const PARTNER_CHANGED = 'partner-changed'
/** A tab flipped back and forth reads the partner at most this often. */
export const REFRESH_AT_MOST_EVERY_MS = 5_000

type Channel = Pick<BroadcastChannel, 'postMessage' | 'close'> & { onmessage: ((event: MessageEvent) => void) | null }

export type PartnerFreshnessOptions = {
  win: Pick<Window, 'addEventListener' | 'removeEventListener'> & { document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'> }
  /** A BroadcastChannel of PARTNER_CHANNEL, or null where the browser has none. */
  channel: Channel | null
  signedIn: () => boolean
  reload: () => Promise<unknown>
  now?: () => number
}

export type PartnerFreshness = {
  /** Tells the browser's other tabs that this one changed the partner's orders (they read it again). */
  announce: () => void
  stop: () => void
}

export function watchPartnerFreshness({ win, channel, signedIn, reload, now = () => Date.now() }: PartnerFreshnessOptions): PartnerFreshness {
  let lastShownRead = Number.NEGATIVE_INFINITY
  let reading: Promise<unknown> | null = null
  // A change heard while a read is under way may have been made after that read was answered: one
  // more read follows it (several changes heard meanwhile share it), else the tab would show the
  // partner one change behind until it is next shown.
  let readAgain = false

  const read = (shown: boolean) => {
    if (!signedIn()) return
    if (shown) {
      if (now() - lastShownRead < REFRESH_AT_MOST_EVERY_MS) return
      lastShownRead = now()
    }
    if (reading) {
      readAgain = true
      return
    }
    reading = reload()
      .catch(() => undefined)
      .finally(() => {
        reading = null
        if (!readAgain) return
        readAgain = false
        read(false)
      })
  }
  const onShown = () => {
    if (win.document.visibilityState === 'visible') read(true)
  }
  const onFocus = () => read(true)
  win.document.addEventListener('visibilitychange', onShown)
  win.addEventListener('focus', onFocus)
  if (channel) {
    channel.onmessage = (event) => {
      if (event.data === PARTNER_CHANGED) read(false)
    }
  }
  return {
    announce: () => channel?.postMessage(PARTNER_CHANGED),
    stop: () => {
      win.document.removeEventListener('visibilitychange', onShown)
      win.removeEventListener('focus', onFocus)
      if (channel) {
        channel.onmessage = null
        channel.close()
      }
    },
  }
}
