import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

// Migrate once, then let every test file start from a copy: a PGlite data dump by default, and a
// template database on real PostgreSQL when TEST_DATABASE_URL is set.
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'webstore-test-'))
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migratePglite } = await import('../../src/server/db/migrate')
  const client = await PGlite.create()
  await migratePglite(drizzle({ client, casing: 'snake_case' }) as never)
  const dump = await client.dumpDataDir('none')
  const dumpFile = path.join(dir, 'template.tar')
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()))
  await client.close()
  project.provide('pgliteTemplate', dumpFile)

  let templateDb: string | undefined
  const adminUrl = process.env.TEST_DATABASE_URL
  if (adminUrl) {
    const { createPostgresTemplate } = await import('./postgres-template')
    templateDb = await createPostgresTemplate(adminUrl)
  }
  project.provide('postgresTemplate', templateDb ?? '')

  return async () => {
    if (adminUrl && templateDb) {
      const { dropPostgresDatabase } = await import('./postgres-template')
      await dropPostgresDatabase(adminUrl, templateDb)
    }
    await rm(dir, { recursive: true, force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplate: string
  }
}
