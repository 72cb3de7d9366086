// npm run db:seed: loads the demo store (DEMO_STORE_FILE, data/demo-store.json by default) into the
// database. Safe to run again: an unchanged store file changes nothing.
import { env } from '@/server/env'
import { runStoreImport } from './store-import-cli'

process.exitCode = await runStoreImport({ filePath: env().DEMO_STORE_FILE })
