import { expect, type Page } from '@playwright/test'
import { TEST_PROVIDER } from './stores'

/** Signs in at the test provider's page (tests/e2e/support/oidc-provider.mjs) as `email`. */
export async function signInAtTestProvider(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${TEST_PROVIDER}/interaction/`))
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** A provider login nobody has used yet (the test provider accepts any email, verified). */
export function freshSsoEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@graniteridge.example`
}

/** The display name the test provider gives a new login ('pat.lee.x1@…' -> 'Pat Lee X1'). */
export function providerNameOf(email: string): string {
  return email.split('@')[0]!.replace(/[._+-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())
}
