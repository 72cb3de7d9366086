import { eq } from 'drizzle-orm'
import type { ParsedAdminMutationValues } from '@/isomorphic/contract/admin'
import { type SiteImageKind, TOKEN_AUTH_METHODS, type StoreSettings } from '@/isomorphic/contract/admin-settings'
import { imageUrl } from '@/isomorphic/image-address'
import { checkSsoIssuer } from '../adapters/oidc'
import { recordAudit } from '../audit/audit-log'
import { assertFreshEdit } from '../audit/edit-conflict'
import { type Executor, getDb } from '../db/client'
import { websites } from '../db/schema'
import { env } from '../env'
import { installRecaptchaSiteKey } from './website-service'
import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { DomainError, notFound } from '../kernel/errors'
import { requireStaff } from '../kernel/permissions'
import { saveVersioned } from '../audit/versioned-save'

// A store's settings in the console (issue 16): what the storefront shows of the store (name,
// description, contact, accent colour), who may browse and buy (locked browsing, guest checkout),
// analytics, and the single sign-on provider. The provider's client secret is write-only: it is
// stored in websites.ssoConfig beside the other provider settings (where the storefront's sign-in
// reads it, sso-service.ts), never answered, and recorded in the audit log only as "changed".
// The reCAPTCHA secret is kept the same way (websites.recaptchaSecretKey): a store sets both keys
// or none, and none means the install's (NEXT_PUBLIC_RECAPTCHA_SITE_KEY, RECAPTCHA_SECRET_KEY).
// The logo, favicon and social image are uploads (POST /api/admin/site-image): an SVG cleaned by the
// artwork sanitizer and drawn as a PNG, any picture decoded and encoded again by the image pipeline, stored where the store file's import puts them (stores/{code}/site),
// so an export carries them and an import brings them back.

/** The column each of the store's pictures is kept in. */
export const IMAGE_COLUMNS = { logo: 'logoImage', favicon: 'faviconImage', social: 'socialImage' } as const satisfies Record<SiteImageKind, keyof typeof websites.$inferSelect>

type SsoConfig = { issuer?: string; clientId?: string; clientSecret?: string; scope?: string; tokenAuthMethod?: string }

const SSO_INCOMPLETE = 'To turn on single sign-on, give the provider’s issuer address, the client id and the client secret.'

export function settingsOf(row: typeof websites.$inferSelect): StoreSettings {
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
    leadTime: row.leadTime ?? null,
    sso: {
      label: row.ssologin,
      issuer: sso.issuer ?? '',
      clientId: sso.clientId ?? '',
      scope: sso.scope ?? '',
      tokenAuthMethod: method,
      clientSecretSet: Boolean(sso.clientSecret),
    },
    images: {
      logo: row.logoImage ? imageUrl(row.logoImage, 384, 96) : null,
      favicon: row.faviconImage ? imageUrl(row.faviconImage, 64, 64, 'png') : null,
      social: row.socialImage ? imageUrl(row.socialImage, 1200, 630) : null,
    },
    recaptcha: {
      siteKey: row.recaptchaSiteKey ?? '',
      secretKeySet: Boolean(row.recaptchaSecretKey),
      installKeys: Boolean(env().RECAPTCHA_SECRET_KEY && installRecaptchaSiteKey()),
    },
    cardPayments: {
      ownAccount: Boolean(row.stripeSecretKey && row.stripeWebhookSecret),
      installKeys: Boolean(env().STRIPE_SECRET_KEY && env().STRIPE_WEBHOOK_SECRET),
      webhookPath: STRIPE_WEBHOOK_PATH,
    },
  }
}

const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook'
const STRIPE_KEYS_NEEDED = 'To take card payments with the store’s own Stripe account, give its secret key and the signing secret of its webhook (both from the same Stripe account).'

/** The store's Stripe keys after this save: absent input keeps them, 'install' removes them, 'own' needs both (given now or stored). */
function cardPaymentsAfter(input: ParsedAdminMutationValues['settings.save']['cardPayments'], row: typeof websites.$inferSelect): { stripeSecretKey: string | null; stripeWebhookSecret: string | null } {
  if (!input) return { stripeSecretKey: row.stripeSecretKey, stripeWebhookSecret: row.stripeWebhookSecret }
  if (input.account === 'install') return { stripeSecretKey: null, stripeWebhookSecret: null }
  const stripeSecretKey = input.secretKey || row.stripeSecretKey
  const stripeWebhookSecret = input.webhookSecret || row.stripeWebhookSecret
  if (!stripeSecretKey || !stripeWebhookSecret) throw new DomainError('invalid', 'stripe keys incomplete', STRIPE_KEYS_NEEDED)
  return { stripeSecretKey, stripeWebhookSecret }
}

export async function storeRow(db: Executor, websiteId: number, forUpdate = false) {
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
  // The issuer is called by the console's test sign-in even while single sign-on is off: it is
  // held to the outbound policy whenever it is given.
  // Kept as written: an issuer is compared with the provider's exactly (no trailing slash added).
  if (config.issuer) checkSsoIssuer(config.issuer)
  if (input.label !== null) {
    if (!config.issuer || !config.clientId || !config.clientSecret) throw new DomainError('invalid', SSO_INCOMPLETE)
  }
  return config.issuer || config.clientId || config.clientSecret ? config : null
}

const RECAPTCHA_SECRET_NEEDED = 'To use the store’s own reCAPTCHA keys, give the secret key too (from the same reCAPTCHA site in Google’s admin console).'

/** The store's reCAPTCHA keys after this save: absent input keeps them, an empty site key clears both (the install's keys again). */
function recaptchaAfter(input: ParsedAdminMutationValues['settings.save']['recaptcha'], row: typeof websites.$inferSelect): { recaptchaSiteKey: string | null; recaptchaSecretKey: string | null } {
  if (!input) return { recaptchaSiteKey: row.recaptchaSiteKey, recaptchaSecretKey: row.recaptchaSecretKey }
  if (!input.siteKey) {
    if (input.secretKey) throw new DomainError('invalid', 'recaptcha secret without a site key', 'Give the reCAPTCHA site key with the secret key, or leave both empty to use the install’s keys.')
    return { recaptchaSiteKey: null, recaptchaSecretKey: null }
  }
  const secret = input.secretKey || row.recaptchaSecretKey
  if (!secret) throw new DomainError('invalid', 'recaptcha site key without a secret', RECAPTCHA_SECRET_NEEDED)
  return { recaptchaSiteKey: input.siteKey, recaptchaSecretKey: secret }
}

/** What the audit log keeps of the settings: everything but the secrets, which show only as changed or not. */
function audited(settings: StoreSettings, secretChanged: boolean, recaptchaSecretChanged = false) {
  const { sso, recaptcha, images: _images, ...rest } = settings
  const { clientSecretSet: _set, ...ssoRest } = sso
  return {
    ...rest,
    sso: { ...ssoRest, clientSecret: secretChanged ? 'changed' : 'unchanged' },
    recaptcha: { siteKey: recaptcha.siteKey, secretKey: recaptchaSecretChanged ? 'changed' : 'unchanged' },
  }
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
    const recaptcha = recaptchaAfter(input.recaptcha, row)
    const recaptchaSecretChanged = recaptcha.recaptchaSecretKey !== row.recaptchaSecretKey
    const cardPayments = cardPaymentsAfter(input.cardPayments, row)
    const stripeKeysChanged = cardPayments.stripeSecretKey !== row.stripeSecretKey || cardPayments.stripeWebhookSecret !== row.stripeWebhookSecret
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
        leadTime: input.leadTime,
        ssologin: input.sso.label,
        ssoConfig,
        ...recaptcha,
        ...cardPayments,
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
      after: {
        ...changedFields(audited(before, false), audited(after, secretChanged, recaptchaSecretChanged)),
        ...(stripeKeysChanged ? { stripeKeys: 'changed' } : {}),
        version: after.version,
      },
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

/** Takes the picture away: the storefront's default again (the file stays in the image store, as every stored image does). */
export async function removeSiteImage(ctx: CoreContext, input: ParsedAdminMutationValues['settings.removeImage']): Promise<StoreSettings> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  const column = IMAGE_COLUMNS[input.kind]
  return db.transaction(async (tx) => {
    const row = await storeRow(tx, input.websiteId, true)
    const { row: updated } = await saveVersioned(tx, ctx, {
      table: websites,
      current: row,
      expectedVersion: input.version,
      noun: 'the store’s settings',
      label: 'The store’s settings',
      values: { [column]: null },
      audit: { websiteId: row.id, action: 'store_settings.image', entityType: 'store_settings', shown: { before: { [input.kind]: row[column] }, after: { [input.kind]: null } } },
    })
    return settingsOf(updated)
  })
}

export const SETTINGS_ADMIN_QUERIES = {
  'settings.get': defineAdminQuery('settings.get', (value, ctx) => storeSettings(ctx, value)),
}

export const SETTINGS_ADMIN_MUTATIONS = {
  // The Website cache feeds every rendered page (the header, the footer, the accent colour) and the
  // single sign-on settings; the sign-in pages read ssologin from it too.
  'settings.save': defineAdminMutation('settings.save', { invalidates: ['Website', 'PaymentMethods'], handler: (value, ctx) => saveStoreSettings(ctx, value) }),
  'settings.removeImage': defineAdminMutation('settings.removeImage', { invalidates: ['Website'], handler: (value, ctx) => removeSiteImage(ctx, value) }),
}
