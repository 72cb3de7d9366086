import { and, eq } from 'drizzle-orm'
import { KEPT_SECRET } from '@/isomorphic/contract/admin-checkout'
import type { Transaction } from '../db/client'
import { deliveryMethods, taxCredentials, websites } from '../db/schema'
import type { ReferenceIssue } from './store-file-error'
import type { StoreFile } from './store-file-schema'

// Secrets never leave the server in a store file (issue 16): an export writes KEPT_SECRET in place
// of each one (the single sign-on client secret, carriers' credentials, the tax service's key and
// token), and an import reads KEPT_SECRET as "keep the value this store has". A file that keeps a
// secret the store does not have is refused at that field, so a store never runs on a placeholder.

/** The value a store file gives a secret it leaves on the server (the console's forms send it too). */
export { KEPT_SECRET }

/** The keys of website.ssoConfig that are secrets (the others are the provider's public settings). */
export const SSO_SECRET_KEYS: readonly string[] = ['clientSecret']
/** The keys of tax that are secrets. */
export const TAX_SECRET_KEYS = ['key', 'token'] as const

/**
 * The file with every KEPT_SECRET replaced by the store's current value, or the fields that keep a
 * secret the store (matched by website.code, delivery methods by name) does not have. `fromCode`:
 * take the secrets of that store instead (a store created from it as a template).
 */
export async function resolveKeptSecrets(tx: Transaction, file: StoreFile, fromCode = file.website.code): Promise<{ file: StoreFile; issues: ReferenceIssue[] }> {
  const issues: ReferenceIssue[] = []
  const missing = (at: (string | number)[]) =>
    issues.push({ path: at, message: `keeps the store's current secret, but this store has none: write the secret here or set it in the console first` })
  if (!fileKeepsSecrets(file)) return { file, issues }

  const [website] = await tx.select({ id: websites.id, ssoConfig: websites.ssoConfig }).from(websites).where(eq(websites.code, fromCode))
  const resolved: StoreFile = structuredClone(file)

  const sso = resolved.website.ssoConfig
  if (sso) {
    const current = (website?.ssoConfig ?? {}) as Record<string, string>
    for (const [key, value] of Object.entries(sso)) {
      if (value !== KEPT_SECRET) continue
      if (current[key]) sso[key] = current[key]
      else missing(['website', 'ssoConfig', key])
    }
  }

  const methods = website
    ? await tx.select({ name: deliveryMethods.name, credentials: deliveryMethods.credentials }).from(deliveryMethods).where(eq(deliveryMethods.websiteId, website.id))
    : []
  resolved.deliveryMethods.forEach((method, index) => {
    const current = (methods.find((row) => row.name === method.name)?.credentials ?? {}) as Record<string, string | undefined>
    const credentials = method.credentials as Record<string, string | undefined>
    for (const [key, value] of Object.entries(credentials)) {
      if (value !== KEPT_SECRET) continue
      if (current[key]) credentials[key] = current[key]
      else missing(['deliveryMethods', index, 'credentials', key])
    }
  })

  if (resolved.tax) {
    const [tax] = website
      ? await tx.select({ key: taxCredentials.key, token: taxCredentials.token }).from(taxCredentials).where(and(eq(taxCredentials.websiteId, website.id)))
      : []
    for (const key of TAX_SECRET_KEYS) {
      if (resolved.tax[key] !== KEPT_SECRET) continue
      const current = tax?.[key]
      if (current) resolved.tax[key] = current
      else missing(['tax', key])
    }
  }
  return { file: resolved, issues }
}

function fileKeepsSecrets(file: StoreFile): boolean {
  if (Object.values(file.website.ssoConfig ?? {}).includes(KEPT_SECRET)) return true
  if (file.deliveryMethods.some((method) => Object.values(method.credentials).includes(KEPT_SECRET))) return true
  return file.tax !== undefined && TAX_SECRET_KEYS.some((key) => file.tax?.[key] === KEPT_SECRET)
}
