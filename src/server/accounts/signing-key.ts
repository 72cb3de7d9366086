import { eq } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import type { Database } from '../db/client'
import { appSecrets } from '../db/schema'
import { env } from '../env'

const SECRET_NAME = 'access_token_signing_key'
const GLOBAL_KEY = Symbol.for('webstore.signing-key')
type GlobalWithKey = typeof globalThis & { [GLOBAL_KEY]?: Promise<Uint8Array> }

async function loadKey(db: Database): Promise<Uint8Array> {
  const configured = env().SESSION_SECRET
  if (configured) return new TextEncoder().encode(configured)
  // First instance to ask creates the key; every other one (now or later) reads the same row.
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME))
  if (!row) throw new Error('The token signing key could not be stored')
  return new TextEncoder().encode(row.value)
}

/** The HS256 key for access tokens: SESSION_SECRET, or the one kept in the database. */
export function signingKey(db: Database): Promise<Uint8Array> {
  const holder = globalThis as GlobalWithKey
  holder[GLOBAL_KEY] ??= loadKey(db).catch((error: unknown) => {
    holder[GLOBAL_KEY] = undefined
    throw error
  })
  return holder[GLOBAL_KEY]
}

/** Tests that switch databases forget the key they read. */
export function forgetSigningKey(): void {
  ;(globalThis as GlobalWithKey)[GLOBAL_KEY] = undefined
}
