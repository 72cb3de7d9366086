import { chromium } from '@playwright/test'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage()
await page.addInitScript(() => { document.addEventListener('DOMContentLoaded', () => { window.served = [...document.querySelectorAll('main, main *')] }) })
for (const path of process.argv.slice(2)) {
  await page.goto('http://127.0.0.1:3100' + path)
  await page.waitForLoadState('networkidle')
  console.log(path, await page.evaluate(() => { const now = [...document.querySelectorAll('main, main *')]; const lost = (window.served ?? []).filter((n) => !n.isConnected); return { kept: window.served?.[0] === now[0], lost: lost.length, first: lost.slice(0, 3).map((n) => n.outerHTML.slice(0, 150)) } }))
}
await browser.close()
