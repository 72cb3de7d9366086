import { z } from 'zod'
import { readHostname, readPort, readRouteCacheMaxBytes, readWorkerCount, trustProxySetting } from './edge-env.mjs'

// Every variable of the environment the store reads is declared here. Those the production server
// reads before the core is loaded (scripts/server.mjs) are read by edge-env.mjs, plain JavaScript it
// can import; they are declared here with the same readers, so each has one definition. Not here:
// NEXT_PUBLIC_* (inlined into the browser bundle by Next at build time), Next's own NEXT_RUNTIME and
// NEXT_PHASE, and the environment scripts/start.mjs hands on to the build and the server.

/** A variable read by one of edge-env.mjs's readers; its error becomes the issue's message. */
function edgeVariable<T>(reader: (text: string | undefined) => T) {
  return z
    .string()
    .optional()
    .transform((text, context) => {
      try {
        return reader(text)
      } catch (error) {
        context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) })
        return z.NEVER
      }
    })
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1')

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PGLITE_DATA_DIR: z.string().min(1).default('.data/pglite'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Namespaces this store's keys and channel in Redis (several stores, or test runs, on one Redis). */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'REDIS_KEY_PREFIX must be 1–64 letters, digits or . _ : -')
    .default('webstore:'),
  WEBSITE_ID: z.coerce.number().int().positive().default(1),
  /** Every store also answers at {store code}.{PLATFORM_DOMAIN} (one wildcard DNS entry and certificate); unset: host names only (issue 25). */
  PLATFORM_DOMAIN: z
    .string()
    .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(?:\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/i, 'PLATFORM_DOMAIN must be a host name such as stores.example.com (no https://, path or port)')
    .transform((value) => value.toLowerCase())
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The console's own host name (issue 25): /admin answers there only, for every store the member may
   * see. Unset: the console answers on the addresses of WEBSITE_ID's store.
   */
  CONSOLE_HOST: z
    .string()
    .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(?:\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/i, 'CONSOLE_HOST must be a host name such as admin.example.com (no https://, path or port)')
    .transform((value) => value.toLowerCase())
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED_DEMO_STORE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  DEMO_STORE_FILE: z.string().min(1).default('data/demo-store.json'),
  /** The demo's second store (team.localhost), imported with the demo on an empty database; '' for none (issue 25). */
  DEMO_TEAM_STORE_FILE: z.string().default('data/team-store.json'),
  IMAGES_DIR: z.string().min(1).default('.data/images'),
  IMAGE_CACHE_DIR: z.string().min(1).default('.data/image-cache'),
  /** Shared secret for internal callers of /api/cache/invalidate (header x-internal-token); unset: none. */
  INTERNAL_API_TOKEN: z
    .string()
    .min(24, 'INTERNAL_API_TOKEN must be at least 24 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The store's public origin (https://shop.example.com): links in mails and the same-origin check. */
  PUBLIC_ORIGIN: z
    .string()
    .url('PUBLIC_ORIGIN must be an origin such as https://shop.example.com')
    .transform((value) => new URL(value).origin)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Signs access tokens (HS256). Unset: a random key is made once and kept in the database. */
  SESSION_SECRET: z
    .string()
    .min(32, 'SESSION_SECRET must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(3600),
  SESSION_MAX_AGE_SECONDS: z.coerce.number().int().min(60).max(90 * 86_400).default(7 * 86_400),
  /** Lifetime of the links sent by mail (sign-up confirmation, password reset). */
  ACCOUNT_LINK_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 86_400).default(3600),
  /** smtp://user:pass@host:port or smtps://…; unset: mails go to the outbox table and the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Webstore <no-reply@localhost>'),
  /** reCAPTCHA v3 secret; with NEXT_PUBLIC_RECAPTCHA_SITE_KEY it turns verification on. */
  RECAPTCHA_SECRET_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.recaptcha.net/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /** Stripe Checkout: card payments are offered only when both the secret key and the webhook secret are set. */
  STRIPE_SECRET_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Stripe's API base; tests and local runs point it at a fake speaking the same contract. */
  STRIPE_API_BASE: z.string().url('STRIPE_API_BASE must be a URL such as https://api.stripe.com').default('https://api.stripe.com'),
  /**
   * Outbound calls to addresses staff or a store file set (tax services, single sign-on issuers,
   * carriers, webhooks) may reach private and loopback addresses, over plain http too: a private
   * install, a local receiver. Off: public https addresses only (adapters/outbound.ts).
   */
  ALLOW_PRIVATE_OUTBOUND: booleanFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanFlag,
  /** Tests only (the browser tests' store): the console's "Run the reset now" may be given a clock. Never on a live store. */
  ALLOWANCES_TEST_CLOCK: booleanFlag,
  PORT: edgeVariable(readPort),
  HOSTNAME_BIND: edgeVariable(readHostname),
  TRUST_PROXY: edgeVariable(trustProxySetting),
  WEB_CONCURRENCY: edgeVariable(readWorkerCount),
  ROUTE_CACHE_MAX_BYTES: edgeVariable(readRouteCacheMaxBytes),
  /** libuv's thread pool (read by Node itself too): how many images are drawn at once. */
  UV_THREADPOOL_SIZE: z.coerce.number().int().min(1).max(1024).optional(),
})

export type Env = z.infer<typeof EnvSchema>

/** The configuration `source` describes; throws with every problem listed. */
export function loadEnv(source: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment variables:\n${problems.join('\n')}`)
  }
  return parsed.data
}

let cached: Env | undefined

/** The validated server configuration. Throws with every problem listed when it is invalid. */
export function env(): Env {
  cached ??= loadEnv(process.env)
  return cached
}
