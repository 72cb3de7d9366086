import { eq } from 'drizzle-orm'
import { DEFAULT_STRIPE_TIMEOUT_MS, type StripeConfig } from '../adapters/stripe'
import type { Executor } from '../db/client'
import { websites } from '../db/schema'
import { env } from '../env'

// How this deployment reaches Stripe: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE.
// Card payments are on only when both secrets are set; without them a 'stripe' payment method is
// neither listed nor accepted.

export type StripeSettings = {
  secretKey: string | undefined
  webhookSecret: string | undefined
  apiBase: string
  timeoutMs: number
}

const GLOBAL_KEY = Symbol.for('webstore.stripe-settings')
type GlobalWithSettings = typeof globalThis & { [GLOBAL_KEY]?: Partial<StripeSettings> }

/** The settings in force: the environment, with any overrides from useStripeSettings. */
export function stripeSettings(): StripeSettings {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE } = env()
  const configured: StripeSettings = { secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, apiBase: STRIPE_API_BASE, timeoutMs: DEFAULT_STRIPE_TIMEOUT_MS }
  const overrides = (globalThis as GlobalWithSettings)[GLOBAL_KEY]
  return overrides ? { ...configured, ...overrides } : configured
}

/**
 * Replaces some settings for this process (tests point Stripe at a local fake this way, since env()
 * is read once). `null` goes back to the environment.
 */
export function useStripeSettings(overrides: Partial<StripeSettings> | null): void {
  ;(globalThis as GlobalWithSettings)[GLOBAL_KEY] = overrides ?? undefined
}

/** True when card payments through Stripe may be offered. */
export function stripeEnabled(settings: StripeSettings = stripeSettings()): boolean {
  return Boolean(settings.secretKey && settings.webhookSecret)
}

/** The client configuration, or null when card payments are off. */
export function stripeConfig(settings: StripeSettings = stripeSettings()): StripeConfig | null {
  return stripeEnabled(settings) && settings.secretKey ? { secretKey: settings.secretKey, apiBase: settings.apiBase, timeoutMs: settings.timeoutMs } : null
}

/**
 * The settings one store pays through (issue 25): its own Stripe account when it has both keys
 * (set in the console), else the install's. The API base and timeout are always the install's.
 */
export async function stripeSettingsOf(db: Executor, websiteId: number): Promise<StripeSettings & { ownAccount: boolean }> {
  const install = stripeSettings()
  const [store] = await db.select({ secretKey: websites.stripeSecretKey, webhookSecret: websites.stripeWebhookSecret }).from(websites).where(eq(websites.id, websiteId))
  if (store?.secretKey && store.webhookSecret) return { ...install, secretKey: store.secretKey, webhookSecret: store.webhookSecret, ownAccount: true }
  return { ...install, ownAccount: false }
}
