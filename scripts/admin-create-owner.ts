// npm run admin:create-owner -- --email owner@example.com [--name "Pat Owner"] [--password …]
// Creates an owner of the console (issue 15) in the database (DATABASE_URL, or the embedded
// .data/pglite: stop the server first, the embedded database serves one process). Without
// --password a password is generated and printed once. Migrates first.
import { parseArgs } from 'node:util'
import { closeDb, getDb } from '@/server/db/client'
import { migratePglite, migratePostgres } from '@/server/db/migrate'
import { env } from '@/server/env'
import { DomainError } from '@/server/kernel/errors'
import { createOwner } from '@/server/staff/create-owner'

const USAGE = 'Usage: npm run admin:create-owner -- --email <address> [--name <name>] [--password <password>]'

async function main(): Promise<number> {
  let values: { email?: string; name?: string; password?: string; help?: boolean }
  try {
    ;({ values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean' } } }))
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    console.error(USAGE)
    return 2
  }
  if (values.help || !values.email) {
    console.error(USAGE)
    return values.help ? 0 : 2
  }
  try {
    const config = env()
    if (config.DATABASE_URL) await migratePostgres(config.DATABASE_URL)
    else await migratePglite(await getDb())
    const owner = await createOwner(await getDb(), { email: values.email, name: values.name, password: values.password, websiteId: config.WEBSITE_ID })
    console.log(`Owner ${owner.email} (${owner.name}) created.`)
    if (owner.generated) console.log(`Password (shown once, copy it now): ${owner.password}`)
    console.log('Sign in at /admin/login; the console then asks you to turn on two-factor sign-in.')
    return 0
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.userMessage)
      return 1
    }
    console.error('Creating the owner failed, nothing was changed:', error instanceof Error ? (error.stack ?? error.message) : error)
    return 1
  } finally {
    await closeDb().catch(() => undefined)
  }
}

process.exitCode = await main()
