import { describe, expect, test } from 'vitest'
import { ONE_SHOWING_MS, PARTNER_CHANGED, REFRESH_AT_MOST_EVERY_MS, watchPartnerFreshness } from './partner-freshness'

type Listener = () => void

/** A window and a channel with just what the watcher uses; two tabs share one bus, as a BroadcastChannel does. */
function fakeTab(bus: Set<{ onmessage: ((event: MessageEvent) => void) | null }>) {
  const listeners = new Map<string, Set<Listener>>()
  const on = (type: string, listener: Listener) => void listeners.set(type, (listeners.get(type) ?? new Set()).add(listener))
  const off = (type: string, listener: Listener) => void listeners.get(type)?.delete(listener)
  const fire = (type: string) => listeners.get(type)?.forEach((listener) => listener())
  const document = { visibilityState: 'visible' as DocumentVisibilityState, addEventListener: on, removeEventListener: off }
  const channel = {
    onmessage: null as ((event: MessageEvent) => void) | null,
    postMessage(data: unknown) {
      for (const other of bus) if (other !== channel) other.onmessage?.({ data } as MessageEvent)
    },
    close() {
      bus.delete(channel)
    },
  }
  bus.add(channel)
  return { win: { addEventListener: on, removeEventListener: off, document }, channel, fire, document }
}

function tab(bus: Set<{ onmessage: ((event: MessageEvent) => void) | null }>, clock: { now: number }, signedIn = true) {
  const fake = fakeTab(bus)
  const reads: number[] = []
  // What the watcher asked to run later, with when; `passes` runs what is due by the clock.
  const pending: { at: number; run: () => void; cancelled: boolean }[] = []
  const freshness = watchPartnerFreshness({
    win: fake.win as never,
    channel: fake.channel as never,
    signedIn: () => signedIn,
    reload: async () => void reads.push(clock.now),
    now: () => clock.now,
    later: (run, ms) => {
      const entry = { at: clock.now + ms, run, cancelled: false }
      pending.push(entry)
      return () => void (entry.cancelled = true)
    },
  })
  const passes = (ms: number) => {
    clock.now += ms
    for (const entry of pending.splice(0).filter((candidate) => !candidate.cancelled)) {
      if (entry.at <= clock.now) entry.run()
      else pending.push(entry)
    }
  }
  return { ...fake, reads, freshness, passes, pending }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the signed-in partner is read fresh after an order change', () => {
  test("a tab that placed an order tells the browser's other tabs, and each reads the partner at once", async () => {
    const bus = new Set<{ onmessage: ((event: MessageEvent) => void) | null }>()
    const clock = { now: 1_000_000 }
    const checkout = tab(bus, clock)
    const account = tab(bus, clock)
    const other = tab(bus, clock)
    checkout.freshness.announce()
    await settle()
    expect(account.reads).toEqual([clock.now])
    expect(other.reads).toEqual([clock.now])
    expect(checkout.reads).toEqual([])
  })

  test('a tab shown or focused again reads the partner (a change the store made in the console), at most once every few seconds', async () => {
    const clock = { now: 1_000_000 }
    const account = tab(new Set(), clock)
    account.document.visibilityState = 'hidden'
    account.fire('visibilitychange')
    expect(account.reads).toEqual([])
    account.document.visibilityState = 'visible'
    account.fire('visibilitychange')
    await settle()
    account.fire('focus')
    await settle()
    expect(account.reads).toEqual([clock.now])
    clock.now += REFRESH_AT_MOST_EVERY_MS
    account.fire('focus')
    expect(account.reads).toHaveLength(2)
  })

  test('a tab shown again within those few seconds reads once more when they are over, not for the events of one showing', async () => {
    const clock = { now: 1_000_000 }
    const account = tab(new Set(), clock)
    const shownAt = clock.now
    account.fire('visibilitychange')
    account.fire('focus') // the same tab switch
    await settle()
    expect(account.reads).toEqual([shownAt])
    account.passes(ONE_SHOWING_MS + 1_000)
    expect(account.reads).toEqual([shownAt])
    // The store cancels an order now; the shopper comes back to the tab two seconds after it was shown.
    account.fire('focus')
    account.fire('focus')
    await settle()
    expect(account.reads).toEqual([shownAt])
    account.passes(shownAt + REFRESH_AT_MOST_EVERY_MS - clock.now) // the few seconds are over
    await settle()
    expect(account.reads).toEqual([shownAt, shownAt + REFRESH_AT_MOST_EVERY_MS])
    account.passes(REFRESH_AT_MOST_EVERY_MS)
    expect(account.reads).toHaveLength(2)
  })

  test('a stopped watcher owes no read', async () => {
    const clock = { now: 1_000_000 }
    const account = tab(new Set(), clock)
    account.fire('focus')
    account.passes(ONE_SHOWING_MS + 1_000)
    account.fire('focus')
    account.freshness.stop()
    account.passes(REFRESH_AT_MOST_EVERY_MS)
    await settle()
    expect(account.reads).toHaveLength(1)
  })

  test('a change heard while a read is under way is read once more after it, however many arrive meanwhile', async () => {
    const bus = new Set<{ onmessage: ((event: MessageEvent) => void) | null }>()
    const clock = { now: 1_000_000 }
    const answers: (() => void)[] = []
    const fake = fakeTab(bus)
    let reads = 0
    watchPartnerFreshness({
      win: fake.win as never,
      channel: fake.channel as never,
      signedIn: () => true,
      reload: () => new Promise<void>((resolve) => answers.push(() => ((reads += 1), resolve()))),
      now: () => clock.now,
    })
    const checkout = tab(bus, clock)
    checkout.freshness.announce()
    expect(answers).toHaveLength(1)
    // Two more orders are placed in other tabs before the first read is answered.
    checkout.freshness.announce()
    checkout.freshness.announce()
    expect(answers).toHaveLength(1)
    answers[0]!()
    await settle()
    expect(answers).toHaveLength(2)
    answers[1]!()
    await settle()
    expect(reads).toBe(2)
    expect(answers).toHaveLength(2)
  })

  test("a guest's tab reads nothing, and a stopped watcher hears nothing", async () => {
    const bus = new Set<{ onmessage: ((event: MessageEvent) => void) | null }>()
    const clock = { now: 1_000_000 }
    const guest = tab(bus, clock, false)
    const stopped = tab(bus, clock)
    stopped.freshness.stop()
    tab(bus, clock).freshness.announce()
    guest.fire('focus')
    stopped.fire('focus')
    await settle()
    expect(guest.reads).toEqual([])
    expect(stopped.reads).toEqual([])
  })

  test('the message is only the change itself: other messages on the channel read nothing', async () => {
    const bus = new Set<{ onmessage: ((event: MessageEvent) => void) | null }>()
    const clock = { now: 1_000_000 }
    const account = tab(bus, clock)
    const sender = tab(bus, clock)
    sender.channel.postMessage('something else')
    sender.channel.postMessage(PARTNER_CHANGED)
    await settle()
    expect(account.reads).toHaveLength(1)
  })
})
