import { eq } from 'drizzle-orm'
import type { ParsedAdminMutationValues } from '@/isomorphic/contract/admin'
import { TOKEN_AUTH_METHODS, type StoreSettings } from '@/isomorphic/contract/admin-settings'
import { issuerUrl } from '../adapters/oidc'
import { recordAudit } from '../audit/audit-log'
import { assertFreshEdit } from '../audit/edit-conflict'
import { type Executor, getDb } from '../db/client'
import { websites } from '../db/schema'
import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { DomainError, notFound } from '../kernel/errors'
import { requireStaff } from '../kernel/permissions'

// A store's settings in the console (issue 16): what the storefront shows of the store (name,
// description, contact, accent colour), who may browse and buy (locked browsing, guest checkout),
// analytics, and the single sign-on provider. The provider's client secret is write-only: it is
// stored in websites.ssoConfig beside the other provider settings (where the storefront's sign-in
// reads it, sso-service.ts), never answered, and recorded in the audit log only as "changed".

type SsoConfig = { issuer?: string; clientId?: string; clientSecret?: string; scope?: string; tokenAuthMethod?: string }

const SSO_INCOMPLETE = 'To turn on single sign-on, give the provider’s issuer address, the client id and the client secret.'

function settingsOf(row: typeof websites.$inferSelect): StoreSettings {
  const sso = (row.ssoConfig ?? {}) as SsoConfig
  const method = TOKEN_AUTH_METHODS.find((value) => value === sso.tokenAuthMethod) ?? 'client_secret_basic'
  return {
    websiteId: row.id,
    code: row.code,
    version: row.version,
    name: row.name,
    description: row.description,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    lockBrowsing: row.lockBrowsing === 'Enable',
    guestCheckout: row.guestCheckout,
    accentColor: row.accentColor,
    analyticsId: row.analyticsId,
    sso: {
      label: row.ssologin,
      issuer: sso.issuer ?? '',
      clientId: sso.clientId ?? '',
      scope: sso.scope ?? '',
      tokenAuthMethod: method,
      clientSecretSet: Boolean(sso.clientSecret),
    },
  }
}

async function storeRow(db: Executor, websiteId: number, forUpdate = false) {
  const query = db.select().from(websites).where(eq(websites.id, websiteId))
  const [row] = forUpdate ? await query.for('update') : await query
  if (!row) throw notFound('Store', websiteId)
  return row
}

export async function storeSettings(ctx: CoreContext, { websiteId }: { websiteId: number }): Promise<StoreSettings> {
  await requireStaff(ctx, 'store.manage', websiteId)
  return settingsOf(await storeRow(await getDb(), websiteId))
}

/** The settings as stored after this save: the secret kept unless a new one is given. */
function ssoConfigAfter(input: ParsedAdminMutationValues['settings.save']['sso'], current: SsoConfig | null): SsoConfig | null {
  const secret = input.clientSecret?.trim() ? input.clientSecret.trim() : current?.clientSecret
  const config: SsoConfig = {
    ...(input.issuer ? { issuer: input.issuer } : {}),
    ...(input.clientId ? { clientId: input.clientId } : {}),
    ...(secret ? { clientSecret: secret } : {}),
    ...(input.scope ? { scope: input.scope } : {}),
    tokenAuthMethod: input.tokenAuthMethod,
  }
  if (input.label !== null) {
    if (!config.issuer || !config.clientId || !config.clientSecret) throw new DomainError('invalid', SSO_INCOMPLETE)
    try {
      issuerUrl(config.issuer)
    } catch {
      throw new DomainError('invalid', 'The issuer must be an https:// address (plain http only on this machine, for tests).')
    }
  }
  return config.issuer || config.clientId || config.clientSecret ? config : null
}

/** What the audit log keeps of the settings: everything but the secret, which shows only as changed or not. */
function audited(settings: StoreSettings, secretChanged: boolean) {
  const { sso, ...rest } = settings
  const { clientSecretSet: _set, ...ssoRest } = sso
  return { ...rest, sso: { ...ssoRest, clientSecret: secretChanged ? 'changed' : 'unchanged' } }
}

export async function saveStoreSettings(ctx: CoreContext, input: ParsedAdminMutationValues['settings.save']): Promise<StoreSettings> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const row = await storeRow(tx, input.websiteId, true)
    await assertFreshEdit(tx, { entityType: 'store_settings', entityId: row.id, label: 'The store’s settings', expectedVersion: input.version, currentVersion: row.version })
    const currentSso = (row.ssoConfig ?? null) as SsoConfig | null
    const ssoConfig = ssoConfigAfter(input.sso, currentSso)
    const secretChanged = (ssoConfig?.clientSecret ?? null) !== (currentSso?.clientSecret ?? null)
    const [updated] = await tx
      .update(websites)
      .set({
        name: input.name,
        description: input.description,
        contactEmail: input.contactEmail,
        contactPhone: input.contactPhone,
        lockBrowsing: input.lockBrowsing ? 'Enable' : 'Disable',
        guestCheckout: input.guestCheckout,
        accentColor: input.accentColor,
        analyticsId: input.analyticsId,
        ssologin: input.sso.label,
        ssoConfig,
        version: row.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(websites.id, row.id))
      .returning()
    const before = settingsOf(row)
    const after = settingsOf(updated!)
    await recordAudit(tx, ctx, {
      websiteId: row.id,
      action: 'store_settings.update',
      entityType: 'store_settings',
      entityId: row.id,
      before: audited(before, false),
      after: { ...changedFields(audited(before, false), audited(after, secretChanged)), version: after.version },
    })
    return after
  })
}

/** The fields whose value differs, with their new value (nested objects compared whole). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const changed: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(after)) {
    if (field === 'version') continue
    if (JSON.stringify(before[field]) !== JSON.stringify(value)) changed[field] = value
  }
  return changed
}

export const SETTINGS_ADMIN_QUERIES = {
  'settings.get': defineAdminQuery('settings.get', (value, ctx) => storeSettings(ctx, value)),
}

export const SETTINGS_ADMIN_MUTATIONS = {
  // The Website cache feeds every rendered page (the header, the footer, the accent colour) and the
  // single sign-on settings; the sign-in pages read ssologin from it too.
  'settings.save': defineAdminMutation('settings.save', { invalidates: ['Website'], handler: (value, ctx) => saveStoreSettings(ctx, value) }),
}
