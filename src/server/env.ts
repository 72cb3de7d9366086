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

const MIN_IMAGE_CACHE_BYTES = 16 * 1024 * 1024

/** An http(s) origin and nothing more: the object storage service's address. */
function isServiceOrigin(text: string): boolean {
  try {
    const url = new URL(text)
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash
  } catch {
    return false
  }
}

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
  /** How much of this machine's disk the drawn sizes in IMAGE_CACHE_DIR may take; the least recently used go first. */
  IMAGE_CACHE_MAX_BYTES: z.coerce
    .number({ error: 'IMAGE_CACHE_MAX_BYTES must be a whole number of bytes, such as 1073741824 for 1 GiB' })
    .int('IMAGE_CACHE_MAX_BYTES must be a whole number of bytes, such as 1073741824 for 1 GiB')
    .min(MIN_IMAGE_CACHE_BYTES, `IMAGE_CACHE_MAX_BYTES must be at least ${MIN_IMAGE_CACHE_BYTES} (16 MiB): a smaller cache would draw the same images again and again`)
    .default(1024 * 1024 * 1024),
  /**
   * Uploads and drawn images in S3-compatible object storage instead of IMAGES_DIR (issue 25; decision
   * 026): the bucket's name turns it on. Unset: the folder, as on one machine.
   */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name: 3–63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The service's address for R2, MinIO, B2 …; unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: z
    .string()
    .optional()
    .transform((text, context) => {
      if (!text) return undefined
      if (isServiceOrigin(text)) return new URL(text).origin
      context.addIssue({ code: 'custom', message: 'S3_ENDPOINT must be the address of the storage service, such as https://<account>.r2.cloudflarestorage.com or http://127.0.0.1:9000 (http or https, no bucket, path or query)' })
      return z.NEVER
    }),
  /** AWS's region of the bucket (eu-central-1 …); R2 takes "auto"; others take any. */
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, 'S3_REGION must be a region name such as us-east-1, eu-central-1 or auto')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Both or neither; neither: the SDK's own chain (an instance role, AWS_ACCESS_KEY_ID …). */
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** true: {endpoint}/{bucket}/{key} addresses (MinIO and most self-hosted servers). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''], { error: 'S3_FORCE_PATH_STYLE must be true or false' })
    .optional()
    .transform((value) => value === 'true' || value === '1'),
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

/** The S3 variables only make sense together (a bucket to write to, a key with its secret). */
const CheckedEnvSchema = EnvSchema.superRefine((value, context) => {
  if (!value.S3_BUCKET) {
    const stray: string[] = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => value[name] !== undefined)
    if (value.S3_FORCE_PATH_STYLE) stray.push('S3_FORCE_PATH_STYLE')
    for (const name of stray) {
      context.addIssue({ code: 'custom', path: [name], message: `${name} is set but S3_BUCKET is not: set S3_BUCKET to keep uploads in object storage, or remove ${name} to keep them in IMAGES_DIR` })
    }
    return
  }
  if (value.S3_ACCESS_KEY_ID && !value.S3_SECRET_ACCESS_KEY) {
    context.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID is set but S3_SECRET_ACCESS_KEY is not: set both, or neither to use the machine’s own credentials (an instance role)' })
  }
  if (value.S3_SECRET_ACCESS_KEY && !value.S3_ACCESS_KEY_ID) {
    context.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'S3_SECRET_ACCESS_KEY is set but S3_ACCESS_KEY_ID is not: set both, or neither to use the machine’s own credentials (an instance role)' })
  }
  if (!value.S3_ENDPOINT && !value.S3_REGION) {
    context.addIssue({ code: 'custom', path: ['S3_REGION'], message: 'S3_BUCKET is set without S3_ENDPOINT or S3_REGION: set S3_REGION to the AWS region of the bucket (such as eu-central-1), or S3_ENDPOINT to another service’s address' })
  }
})

export type Env = z.infer<typeof CheckedEnvSchema>

/** The configuration `source` describes; throws with every problem listed. */
export function loadEnv(source: Record<string, string | undefined>): Env {
  const parsed = CheckedEnvSchema.safeParse(source)
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
