// Balances the shopper sees are read fresh (issue 24): the signed-in partner — allowance left, its
// renewal, the resale certificate — lives in each tab's session storage (spec 9), so a tab kept open
// would show what it read when it opened. After an order change the partner is read again:
// - in the tab that made it (placing an order reloads it), which then tells the browser's other tabs
//   on a BroadcastChannel, and each of them reads it too;
// - after a change made elsewhere (the store cancels or refunds an order in the console, an approver
//   decides), when the tab is shown or focused again, at most once every few seconds: a tab shown
//   again within those seconds reads once more when they are over (the change may have been made
//   since the last read), except for the events of one showing (visibilitychange and focus together).

export const PARTNER_CHANNEL = 'webstore-partner'
export const PARTNER_CHANGED = 'partner-changed'
/** A tab flipped back and forth reads the partner at most this often. */
export const REFRESH_AT_MOST_EVERY_MS = 5_000
/** Events this close to the read of a showing are that showing (a tab switch fires visibilitychange and focus). */
export const ONE_SHOWING_MS = 1_000

type Channel = Pick<BroadcastChannel, 'postMessage' | 'close'> & { onmessage: ((event: MessageEvent) => void) | null }

export type PartnerFreshnessOptions = {
  win: Pick<Window, 'addEventListener' | 'removeEventListener'> & { document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'> }
  /** A BroadcastChannel of PARTNER_CHANNEL, or null where the browser has none. */
  channel: Channel | null
  signedIn: () => boolean
  reload: () => Promise<unknown>
  now?: () => number
  /** Runs `run` after `ms`; answers a function that cancels it (setTimeout by default). */
  later?: (run: () => void, ms: number) => () => void
}

export type PartnerFreshness = {
  /** Tells the browser's other tabs that this one changed the partner's orders (they read it again). */
  announce: () => void
  stop: () => void
}

const afterTimeout = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms)
  return () => clearTimeout(timer)
}

export function watchPartnerFreshness({ win, channel, signedIn, reload, now = () => Date.now(), later = afterTimeout }: PartnerFreshnessOptions): PartnerFreshness {
  let lastShownRead = Number.NEGATIVE_INFINITY
  // The read owed to a tab shown again within the few seconds, when they are over.
  let owed: (() => void) | null = null
  let reading: Promise<unknown> | null = null
  // A change heard while a read is under way may have been made after that read was answered: one
  // more read follows it (several changes heard meanwhile share it), else the tab would show the
  // partner one change behind until it is next shown.
  let readAgain = false

  const read = (shown: boolean) => {
    if (!signedIn()) return
    if (shown) {
      const since = now() - lastShownRead
      if (since < REFRESH_AT_MOST_EVERY_MS) {
        if (since >= ONE_SHOWING_MS && !owed) {
          owed = later(() => {
            owed = null
            read(true)
          }, REFRESH_AT_MOST_EVERY_MS - since)
        }
        return
      }
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
      owed?.()
      owed = null
      win.document.removeEventListener('visibilitychange', onShown)
      win.removeEventListener('focus', onFocus)
      if (channel) {
        channel.onmessage = null
        channel.close()
      }
    },
  }
}
