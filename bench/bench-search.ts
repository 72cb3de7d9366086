// P7 of shared/design/performance.md: search and filter on the 999-product shop, in Debian's
// headless Chromium at a desktop size. Each keystroke (and filter click) is timed from the input
// event's own timestamp to the next frame: a requestAnimationFrame callback, then a MessageChannel
// message, which runs once that frame's style, layout and paint are done. The browser's Event Timing
// API (durationThreshold 16, its least) reports alongside which interactions it saw take 16 ms or
// more. The reference is the same probe and the same keystrokes on a page holding only an <input>,
// in the same browser, typed in turn with the shop query by query: what any keystroke costs on this
// machine at that moment, waiting for the frame included.
import { type Browser, chromium, type Page } from '@playwright/test'
import type { Row } from './bench-postgres'

/** The shop's result cards as the grid renders them (WindowedProductGrid: ul "Products" > li > article). */
const CARD_SELECTOR = 'ul[aria-label="Products"] > li > article'
/** Typed one character at a time, then erased one Backspace at a time: the list narrows, then widens to all 999. */
const QUERIES = ['polo', 'soft shell jacket', 'hi-vis', 'beanie', 'quarter-zip']
/** A person's typing pace; the search box's 300 ms URL debounce never fires mid-word. */
const KEY_GAP_MS = 90
const VIEWPORT = { width: 1366, height: 900 }

// Installed as source text: functions handed to page.evaluate would carry tsx's helpers with them.
const PROBE = `(() => {
  const probe = { keys: [], clicks: [], maxCards: 0, events: [] }
  // Resolves once the list of that kind holds more than count samples (page.waitForFunction would
  // need eval, which the store's Content-Security-Policy forbids).
  let waiters = []
  probe.after = (kind, count) => new Promise((resolve) => {
    waiters.push({ kind, count, resolve })
    probe.wake()
  })
  probe.wake = () => {
    waiters = waiters.filter((waiter) => (probe[waiter.kind].length > waiter.count ? (waiter.resolve(), false) : true))
  }
  let started = null
  const cards = () => document.querySelectorAll(${JSON.stringify(CARD_SELECTOR)}).length
  const afterNextFrame = (done) => requestAnimationFrame(() => {
    const channel = new MessageChannel()
    channel.port1.onmessage = done
    channel.port2.postMessage(null)
  })
  let waiting = false
  const start = (kind, event) => {
    if (!waiting) started = { kind, at: event.timeStamp }
  }
  const settle = (kind) => {
    const begun = started
    if (!begun || begun.kind !== kind) return
    started = null
    waiting = true
    // Bubbling to window: the page's own handlers (React's, and its synchronous render) have run.
    const handled = performance.now() - begun.at
    afterNextFrame(() => {
      waiting = false
      probe.maxCards = Math.max(probe.maxCards, cards())
      probe[kind === 'key' ? 'keys' : 'clicks'].push({ paint: performance.now() - begun.at, handled })
      probe.wake()
    })
  }
  addEventListener('keydown', (event) => start('key', event), true)
  // A click is timed from its own event (a label's click, then the box's, count as one): the
  // press before it is a separate message from the test driver.
  addEventListener('click', (event) => start('click', event), true)
  addEventListener('input', () => settle('key'))
  addEventListener('click', () => settle('click'))
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      probe.events.push({ name: entry.name, duration: entry.duration, interactionId: entry.interactionId, processing: entry.processingEnd - entry.startTime })
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  window.__benchProbe = probe
})()`

type Sample = { paint: number; handled: number }
type ProbeResult = { keys: Sample[]; clicks: Sample[]; maxCards: number; events: { name: string; duration: number; interactionId: number; processing: number }[] }

function log(message: string) {
  console.log(`[bench] ${message}`)
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? NaN
}

function spread(samples: Sample[]): { p50: number; p95: number; max: number; handledP95: number } {
  const paints = samples.map((sample) => sample.paint)
  return { p50: percentile(paints, 0.5), p95: percentile(paints, 0.95), max: Math.max(...paints), handledP95: percentile(samples.map((s) => s.handled), 0.95) }
}

async function samples(page: Page, kind: 'keys' | 'clicks'): Promise<number> {
  return page.evaluate(`window.__benchProbe.${kind}.length`)
}

async function nextSample(page: Page, kind: 'keys' | 'clicks', count: number) {
  await page.evaluate(`window.__benchProbe.after(${JSON.stringify(kind)}, ${count})`)
}

/** One keystroke, then the probe's figure for it, then a pause as a typist leaves. */
async function keystroke(page: Page, key: string) {
  const before = await samples(page, 'keys')
  await page.keyboard.press(key)
  await nextSample(page, 'keys', before)
  await page.waitForTimeout(KEY_GAP_MS)
}

async function typeQuery(page: Page, query: string) {
  await page.bringToFront()
  await page.locator('#shop-search').focus()
  for (const character of query) await keystroke(page, character)
  for (let n = 0; n < query.length; n++) await keystroke(page, 'Backspace')
}

async function probeResult(page: Page): Promise<ProbeResult> {
  return page.evaluate('({ ...window.__benchProbe, after: undefined, wake: undefined })') as Promise<ProbeResult>
}

/** Event Timing's view: of the keystrokes and clicks timed, how many it reported at 16 ms or more, and the longest. */
function eventTiming(result: ProbeResult): string {
  const longest = { key: new Map<number, number>(), click: new Map<number, number>() }
  for (const entry of result.events) {
    const kind = entry.name.startsWith('key') ? longest.key : entry.name.startsWith('pointer') || entry.name === 'click' ? longest.click : null
    if (kind && entry.interactionId) kind.set(entry.interactionId, Math.max(kind.get(entry.interactionId) ?? 0, entry.duration))
  }
  const part = (durations: number[], total: number, what: string) =>
    `${durations.length} of ${total} ${what}${durations.length ? ` (longest ${Math.max(...durations)} ms)` : ''}`
  const clicks = result.clicks.length ? `, ${part([...longest.click.values()], result.clicks.length, 'clicks')}` : ''
  return `Event Timing reports ${part([...longest.key.values()], result.keys.length, 'keystrokes')}${clicks} at ≥ 16 ms`
}

const ms = (value: number) => `${value.toFixed(1)} ms`

async function openShop(browser: Browser, storeUrl: string): Promise<Page> {
  const page = await browser.newPage({ viewport: VIEWPORT })
  await page.goto(`${storeUrl}/shop`, { waitUntil: 'networkidle' })
  // The shop fetches its product index at the shopper's first action (a mouse move here); the
  // keystrokes and clicks are timed once it has arrived and its words are prepared (in idle
  // slices), as a shopper's are after the first moments.
  await page.locator('p[aria-live="polite"]', { hasText: /\d{3,} products/ }).waitFor()
  await page.mouse.move(10, 10)
  await page.locator('[data-catalog="complete"][data-search="prepared"]').waitFor()
  await page.evaluate(PROBE)
  return page
}

async function openReference(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: VIEWPORT })
  await page.setContent('<!doctype html><html lang="en"><title>input</title><input id="shop-search" type="search" aria-label="Search">')
  await page.evaluate(PROBE)
  return page
}

/** After the typing: filters from the sidebar (a size, a colour, a category on, then off again), then a scroll. */
async function filterAndScroll(page: Page) {
  await page.bringToFront()
  const filters = ['label[for="sidebar-size-1"]', '#sidebar-color-0', '#sidebar-category-0']
  for (const selector of [...filters, ...filters]) {
    const before = await samples(page, 'clicks')
    await page.locator(selector).click()
    await nextSample(page, 'clicks', before)
    await page.waitForTimeout(KEY_GAP_MS)
  }
  // All 999 listed again: the grid keeps only the rows near the viewport, in the middle of the list too.
  await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight / 2)')
  await page.waitForTimeout(300)
  const cardsMidway = await page.locator(CARD_SELECTOR).count()
  const shown = (await page.locator('p[aria-live="polite"]').textContent())?.trim() ?? ''
  return { cardsMidway, shown }
}

export async function measureSearchFigures(options: { storeUrl: string }): Promise<Row[]> {
  const goal = 'P7 search / filter, 999 products (desktop, headless Chromium)'
  let browser: Browser
  try {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
  } catch (error) {
    return [{ goal, figure: `Chromium did not start: ${(error as Error).message.split('\n')[0]}`, reference: '—', ratio: '—', target: '—', verdict: 'not measured' }]
  }
  try {
    log('P7: typing in the shop search, each query then again on a page with only an <input>; then filter clicks')
    const shopPage = await openShop(browser, options.storeUrl)
    const referencePage = await openReference(browser)
    // Query by query in turn, so that both see the same moments of this shared machine.
    for (const query of QUERIES) {
      await typeQuery(shopPage, query)
      await typeQuery(referencePage, query)
    }
    const after = await filterAndScroll(shopPage)
    const shop = { result: await probeResult(shopPage), ...after }
    const reference = await probeResult(referencePage)
    const keys = spread(shop.result.keys)
    const clicks = spread(shop.result.clicks)
    const ref = spread(reference.keys)
    const maxCards = Math.max(shop.result.maxCards, shop.cardsMidway)
    log(`P7 keystrokes: ${shop.result.keys.map((s) => s.paint.toFixed(0)).join(' ')} ms`)
    log(`P7 reference: ${reference.keys.map((s) => s.paint.toFixed(0)).join(' ')} ms`)
    return [
      {
        goal,
        figure:
          `${shop.result.keys.length} keystrokes to the next frame: p50 ${ms(keys.p50)}, p95 ${ms(keys.p95)}, max ${ms(keys.max)} (handlers done by p95 ${ms(keys.handledP95)}); ` +
          `${shop.result.clicks.length} filter clicks: p50 ${ms(clicks.p50)}, p95 ${ms(clicks.p95)}, max ${ms(clicks.max)}; ` +
          `at most ${maxCards} cards in the DOM (${shop.cardsMidway} scrolled half-way down "${shop.shown}"); ${eventTiming(shop.result)}`,
        reference: `a page with only an <input>, same keystrokes: p50 ${ms(ref.p50)}, p95 ${ms(ref.p95)}, max ${ms(ref.max)}; ${eventTiming(reference)}`,
        ratio: `p95 ${(keys.p95 / ref.p95).toFixed(2)}×`,
        target: 'keystroke and filter p95 ≤ 16 ms, ≤ 60 cards',
        verdict: keys.p95 <= 16 && clicks.p95 <= 16 && maxCards <= 60 ? 'met' : 'missed',
      },
    ]
  } finally {
    await browser.close()
  }
}
