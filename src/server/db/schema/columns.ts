import { integer, timestamp } from 'drizzle-orm/pg-core'

export const id = () => integer().primaryKey().generatedAlwaysAsIdentity()

export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}

/**
 * A record the console edits (issue 16): each save sends the version it opened and moves it by one;
 * a save from an older version is a 409 that names what changed (audit/edit-conflict.ts).
 */
export const version = () => integer().notNull().default(1)
