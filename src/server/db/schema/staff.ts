import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps } from './columns'
import { decorationPartners } from './catalog'
import { websites } from './website'

// The people who run the stores (issue 15, ../shared/design/operations.md). Staff are not shoppers:
// their own table, sessions and sign-in. Roles: 'owner' (the whole install), 'store_manager' and
// 'fulfilment' (per store, through staff_stores), 'decoration_partner' (bound to one decoration
// partner; sees only its own work orders).

export type StaffRoleName = 'owner' | 'store_manager' | 'fulfilment' | 'decoration_partner'

export const staff = pgTable(
  'staff',
  {
    id: id(),
    /** Lower-cased; one account per address on the whole install. */
    email: text().notNull(),
    name: text().notNull(),
    /** Null until an invited member chooses a password. */
    passwordHash: text(),
    role: text().notNull().$type<StaffRoleName>(),
    decorationPartnerId: integer().references(() => decorationPartners.id, { onDelete: 'restrict' }),
    /** The TOTP shared secret (base32); set when two-factor is turned on. */
    totpSecret: text(),
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** The 30-second step of the last TOTP code accepted: a code is taken once, never again in its window (issue 24). */
    totpLastStep: bigint({ mode: 'number' }),
    isActive: boolean().notNull().default(true),
    /** Receives the new-order notice of its stores. */
    notifyNewOrders: boolean().notNull().default(true),
    passwordChangedAt: timestamp({ withTimezone: true }),
    lastSignInAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('staff_email_idx').on(sql`lower(${t.email})`),
    check('staff_partner_role', sql`(${t.role} = 'decoration_partner') = (${t.decorationPartnerId} is not null)`),
  ],
)

/** The stores a store manager or a fulfilment member acts on (owners act on all of them). */
export const staffStores = pgTable(
  'staff_stores',
  {
    staffId: integer()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.websiteId] }), index('staff_stores_website_idx').on(t.websiteId)],
)

/** A signed-in console browser. Only the SHA-256 of the cookie's token is kept. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    staffId: integer()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    /** False while the password was right but the second factor is still to come. */
    secondFactorDone: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    absoluteExpiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
)

/**
 * Browsers a member finished a sign-in on (issue 24): the console's device cookie holds a random
 * token, kept here as its SHA-256. A known device signs in under its own attempt limits instead of the
 * account's install-wide cap, so guesses spread over many addresses cannot lock the member out.
 */
export const staffDevices = pgTable(
  'staff_devices',
  {
    id: id(),
    staffId: integer()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('staff_devices_staff_idx').on(t.staffId)],
)

/** Hashed single-use recovery codes for a member who lost their authenticator. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: id(),
    staffId: integer()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
)

/** Single-use invitation links sent by mail (SHA-256 of the token kept). */
export const staffInvites = pgTable('staff_invites', {
  id: id(),
  staffId: integer()
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  invitedBy: integer().references(() => staff.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
})

/**
 * Every staff write, in the same transaction as the change: who (and their role then), which store,
 * what (action, entity), before → after, when, from where. Append-only.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer().references(() => staff.id, { onDelete: 'set null' }),
    /** Snapshots: the log still says who after the account is gone. */
    staffEmail: text().notNull(),
    role: text().notNull(),
    websiteId: integer().references(() => websites.id, { onDelete: 'set null' }),
    /** e.g. 'order.mark_paid', 'staff.invite', 'work_order.ship'. */
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text().notNull(),
    before: jsonb().$type<unknown>(),
    after: jsonb().$type<unknown>(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_website_idx').on(t.websiteId, t.createdAt.desc()),
    index('audit_log_staff_idx').on(t.staffId, t.createdAt.desc()),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
  ],
)
