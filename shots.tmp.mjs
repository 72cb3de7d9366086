import { chromium, devices } from '@playwright/test'
const base = process.env.BASE ?? 'http://127.0.0.1:3871'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
for (const [name, ctxOpts] of [
  ['desktop', { viewport: { width: 1366, height: 900 } }],
  ['phone', { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }],
]) {
  const context = await browser.newContext(ctxOpts)
  const page = await context.newPage()
  page.setDefaultTimeout(120000)
  await page.goto(`${base}/editor?product=midweight-pullover-hoodie`)
  await page.getByText('Color: Heather Grey').waitFor()
  await page.waitForTimeout(500)
  await page.screenshot({ path: `/tmp/shots/${name}-empty.png` })
  await page.getByRole('button', { name: 'Add logo Granite Ridge Primary' }).click()
  await page.getByRole('button', { name: 'Add text' }).click()
  await page.getByRole('textbox', { name: 'Text' }).fill('RIVERA 12')
  await page.getByRole('button', { name: /Granite Ridge Primary on Left chest/ }).click()
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.waitForTimeout(400)
  await page.screenshot({ path: `/tmp/shots/${name}-placed.png` })
  await page.getByRole('button', { name: 'Zoom in' }).click()
  await page.getByRole('button', { name: 'Zoom in' }).click()
  await page.waitForTimeout(300)
  await page.screenshot({ path: `/tmp/shots/${name}-zoomed.png` })
  await page.evaluate(() => window.scrollTo(0, 600))
  await page.waitForTimeout(300)
  await page.screenshot({ path: `/tmp/shots/${name}-scrolled.png` })
  await page.getByTestId('artwork-drop-zone').scrollIntoViewIfNeeded()
  await page.screenshot({ path: `/tmp/shots/${name}-upload.png` })
  await context.close()
}
await browser.close()
