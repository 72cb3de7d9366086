import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { id } from './columns'
import { partners } from './partners'
import { websites } from './website'

/** Secrets the instances share through the database (the token signing key when SESSION_SECRET is unset). */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * One signed-in browser or API client. Every access token names its row; a token is accepted only
 * while the row is live (not revoked, not past expiresAt), so logout and password changes end it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** 'password' | 'sso' | 'signup' | 'reset': how it began. */
    method: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The current token's expiry; refresh moves it, never past absoluteExpiresAt. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index('sessions_partner_idx').on(t.partnerId)],
)

/**
 * Single-use links sent by mail: 'signup' (payload: the pending account) and 'password_reset'.
 * Only the SHA-256 of the token is kept.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    kind: text().notNull().$type<'signup' | 'password_reset'>(),
    tokenHash: text().notNull().unique(),
    email: text().notNull(),
    partnerId: integer().references(() => partners.id, { onDelete: 'cascade' }),
    payload: jsonb().$type<Record<string, unknown> | null>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('account_tokens_email_idx').on(t.websiteId, t.kind, t.email)],
)

/** Every mail the store sends; without SMTP configured this table (and the log) is the mailbox. */
export const mailOutbox = pgTable('mail_outbox', {
  id: id(),
  websiteId: integer().references(() => websites.id, { onDelete: 'set null' }),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  html: text(),
  /** 'queued' (no SMTP), 'sent', 'failed'. */
  status: text().notNull(),
  error: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp({ withTimezone: true }),
})
