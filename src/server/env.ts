import { z } from 'zod'

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
  WEBSITE_ID: z.coerce.number().int().positive().default(1),
  SEED_DEMO_STORE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  DEMO_STORE_FILE: z.string().min(1).default('data/demo-store.json'),
  IMAGES_DIR: z.string().min(1).default('.data/images'),
  IMAGE_CACHE_DIR: z.string().min(1).default('.data/image-cache'),
  /** Shared secret for internal callers of /api/cache/invalidate (header x-internal-token); unset: none. */
  INTERNAL_API_TOKEN: z
    .string()
    .min(24, 'INTERNAL_API_TOKEN must be at least 24 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanFlag,
})

export type Env = z.infer<typeof EnvSchema>

function loadEnv(source: NodeJS.ProcessEnv): Env {
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
