import { expect, type Page } from '@playwright/test'
import { rememberSecret } from './server-logs.mjs'
import { waitForMail } from './stores'

/** A mailbox address no earlier run has used. */
export function freshEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

/** The first link in a mail's text that goes to `path` on the store. */
export function linkIn(text: string | null, path: string): string {
  const match = text?.match(new RegExp(`https?://[^\\s"<>]+${path.replace(/[/?]/g, '\\$&')}\\?token=[A-Za-z0-9_-]+`))
  if (!match) throw new Error(`no ${path} link in the mail:\n${text}`)
  rememberSecret(`the token of a mailed ${path} link`, new URL(match[0]).searchParams.get('token'))
  return match[0]
}

/** Signs up through the form and the mailed link; ends signed in. */
export async function signUp(page: Page, { name, email, password }: { name: string; email: string; password: string }) {
  rememberSecret('a password typed at sign-up', password)
  await page.goto('/signup')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  const mail = await waitForMail(email)
  await page.goto(linkIn(mail.text, '/signup'))
  await expect(accountMenu(page, name)).toBeVisible()
}

export async function signIn(page: Page, { email, password }: { email: string; password: string }) {
  rememberSecret('a password typed at sign-in', password)
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/**
 * Signs in and waits until it is done: the sign-in page has moved on and the header shows the
 * account's menu (a menu opened before the page moves on closes with the move).
 */
export async function signedIn(page: Page, account: { email: string; password: string }, name: string) {
  await signIn(page, account)
  await expect(page).not.toHaveURL(/\/login(?:\?|$)/)
  await expect(accountMenu(page, name)).toBeVisible()
}

export function accountMenu(page: Page, name: string) {
  return page.getByRole('banner').getByRole('button', { name: `Account menu for ${name}` })
}

export async function logOut(page: Page, name: string) {
  // A page that moves on by itself once signed in (the sign-up link's page goes to '/') closes a
  // menu opened just before the move, as every move does: click again until the menu stays open.
  const logout = page.getByRole('banner').getByRole('button', { name: 'Logout' })
  await expect(async () => {
    if (!(await logout.isVisible())) await accountMenu(page, name).click()
    await expect(logout).toBeVisible({ timeout: 2000 })
  }).toPass()
  await logout.click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
}
