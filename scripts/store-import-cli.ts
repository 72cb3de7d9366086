import path from 'node:path'
import { announceInvalidation } from '@/server/cache/shared-caches'
import { closeDb, databaseKind, getDb } from '@/server/db/client'
import { migratePglite, migratePostgres } from '@/server/db/migrate'
import { env } from '@/server/env'
import { DomainError } from '@/server/kernel/errors'
import { loadStoreFile } from '@/server/store-import/load-store-file'
import { importStoreFile, type StoreImportSummary } from '@/server/store-import/store-import-service'

/** Migrates, imports the file and prints a summary. Returns the process exit code. */
export async function runStoreImport({ filePath, check = false }: { filePath: string; check?: boolean }): Promise<number> {
  const absolute = path.resolve(filePath)
  try {
    if (check) {
      const { file, fileLabel } = await loadStoreFile(absolute)
      console.log(`${fileLabel} is valid: ${file.products.length} products, ${file.categories.length} categories, ${file.logos.length} logos.`)
      return 0
    }
    const config = env()
    if (config.DATABASE_URL) await migratePostgres(config.DATABASE_URL)
    else await migratePglite(await getDb())
    const summary = await importStoreFile({ filePath: absolute })
    // Running servers sharing this database hear of the change through Redis (decision 014).
    const announced =
      config.REDIS_URL && summary.touchedCaches.length > 0
        ? await announceInvalidation({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX, names: summary.touchedCaches })
        : false
    printSummary(summary, await databaseKind(), announced)
    return 0
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.code === 'invalid' ? `Import refused, nothing was changed:\n${error.message}` : error.message)
      return 1
    }
    console.error('Import failed, nothing was changed:', error instanceof Error ? (error.stack ?? error.message) : error)
    return 1
  } finally {
    await closeDb().catch(() => undefined)
  }
}

function printSummary(summary: StoreImportSummary, kind: 'pglite' | 'postgres', announced: boolean) {
  const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`
  console.log(
    `Imported "${summary.websiteName}" (${summary.websiteCode}) as website ${summary.websiteId}${summary.createdWebsite ? ', new' : ''}, in ${seconds(summary.milliseconds)}.`,
  )
  const width = Math.max(...Object.keys(summary.counts).map((entity) => entity.length))
  for (const [entity, counts] of Object.entries(summary.counts)) {
    const parts = [`${counts.created} created`, `${counts.updated} updated`, `${counts.unchanged} unchanged`]
    if (counts.removed) parts.push(`${counts.removed} removed`)
    console.log(`  ${entity.padEnd(width)}  ${parts.join(', ')}`)
  }
  const { images } = summary
  console.log(`Images: ${images.drawn} drawn, ${images.copied} copied, ${images.reused} already there, ${images.removed} removed (${seconds(images.milliseconds)}).`)
  if (summary.touchedCaches.length === 0) console.log('Nothing changed.')
  else if (announced) {
    console.log(`Changed: ${summary.touchedCaches.join(', ')}. Running servers were told through Redis to drop them.`)
  } else if (kind === 'postgres') {
    console.log(`Changed: ${summary.touchedCaches.join(', ')}. A running server caches these: restart it or invalidate those caches.`)
  }
  const served = env().WEBSITE_ID
  if (summary.websiteId !== served) {
    console.log(`Note: the app serves website ${served}. Set WEBSITE_ID=${summary.websiteId} to serve this store.`)
  }
}
