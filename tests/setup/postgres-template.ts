import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { migratePostgres } from '../../src/server/db/migrate'

/** Names of the databases tests make: `{prefix}_tpl_…` and `{prefix}_test_…` (TEST_DATABASE_PREFIX, default 'webstore'). */
const PREFIX = (process.env.TEST_DATABASE_PREFIX ?? 'webstore').replace(/[^a-z0-9_]/g, '') || 'webstore'

export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  return url.toString()
}

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

export async function createPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `${PREFIX}_tpl_${randomBytes(4).toString('hex')}`
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`))
  await migratePostgres(databaseUrlFor(adminUrl, name))
  return name
}

export async function cloneDatabase(adminUrl: string, template: string): Promise<string> {
  const name = `${PREFIX}_test_${randomBytes(5).toString('hex')}`
  await withAdmin(adminUrl, (client) => client.query(`create database ${name} template ${template}`))
  return name
}

export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`))
}
