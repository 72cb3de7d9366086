import pino from 'pino'
import { env } from '../env'

const GLOBAL_KEY = Symbol.for('webstore.logger')
type GlobalWithLogger = typeof globalThis & { [GLOBAL_KEY]?: pino.Logger }

/** Structured server logs (JSON lines on stdout). Secrets are redacted by key. */
export function logger(): pino.Logger {
  const holder = globalThis as GlobalWithLogger
  holder[GLOBAL_KEY] ??= pino({
    level: env().LOG_LEVEL,
    base: { app: 'webstore' },
    redact: {
      paths: ['*.password', '*.token', '*.key', '*.secret', '*.clientSecret', '*.authorization', '*.access_token'],
      censor: '[redacted]',
    },
  })
  return holder[GLOBAL_KEY]
}
