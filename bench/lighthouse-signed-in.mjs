// One Lighthouse run of a signed-in page (bench/lighthouse.ts runs it as
// `npx -p lighthouse@12 -c 'node bench/lighthouse-signed-in.mjs'`, so neither Lighthouse nor its
// puppeteer-core is a dependency of the app). A tab of the machine's Chromium signs in through the
// store's /login form, then Lighthouse (mobile, its defaults) measures LH_URL in that same tab, with
// its storage reset turned off so the session cookie and the tab's session storage stay.
// Environment: LH_URL, LH_REPORT (the JSON report's path), LH_EMAIL, LH_PASSWORD, CHROME_PATH.
import { existsSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const { LH_URL: url, LH_REPORT: report, LH_EMAIL: email, LH_PASSWORD: password } = process.env
if (!url || !report || !email || !password) throw new Error('LH_URL, LH_REPORT, LH_EMAIL and LH_PASSWORD are required')

// npx puts the package's node_modules/.bin on PATH: Lighthouse and puppeteer-core are beside it.
const bin = (process.env.PATH ?? '').split(path.delimiter).find((dir) => dir.endsWith(path.join('node_modules', '.bin')) && existsSync(path.join(dir, 'lighthouse')))
if (!bin) throw new Error('run me through `npx -p lighthouse@12 -c …`: no lighthouse on PATH')
const lighthouseDir = path.join(path.dirname(bin), 'lighthouse')
const requireFromLighthouse = createRequire(path.join(lighthouseDir, 'package.json'))
const { default: lighthouse } = await import(pathToFileURL(path.join(lighthouseDir, 'core', 'index.js')).href)
const puppeteerModule = await import(pathToFileURL(requireFromLighthouse.resolve('puppeteer-core')).href)
const puppeteer = puppeteerModule.default ?? puppeteerModule

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  defaultViewport: null,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
try {
  const page = await browser.newPage()
  const origin = new URL(url).origin
  await page.goto(`${origin}/login`, { waitUntil: 'networkidle0' })
  // The fields are read-only until the page is hydrated.
  await page.waitForSelector('input[name="email"]:not([readonly])')
  await page.type('input[name="email"]', email)
  await page.type('input[name="password"]', password)
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => !location.pathname.startsWith('/login'), { timeout: 30_000 })
  await page.waitForNetworkIdle()

  const result = await lighthouse(url, { output: 'json', logLevel: 'error', disableStorageReset: true }, undefined, page)
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const finalUrl = result.lhr.finalDisplayedUrl ?? result.lhr.finalUrl
  if (new URL(finalUrl).pathname.startsWith('/login')) throw new Error(`${url} sent the signed-in tab to ${finalUrl}`)
  writeFileSync(report, result.report)
} finally {
  await browser.close()
}
