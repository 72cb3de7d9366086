import type { Browser, Page } from '@playwright/test'

// Console users in the browser tests: a page of their own, and the sign-in form.

/** A browser context of its own for each person, from an address of its own (the sign-in limits count per address). */
export async function personPage(browser: Browser, address: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } })
  return context.newPage()
}

/** Fills the console's sign-in form and sends it (the second factor, when asked, is the caller's). */
export async function consoleSignIn(page: Page, email: string, password: string) {
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}
